// The exports of the peers that the Gatsby, Next, Astro and React Router templates use, as their docs give them:
// the peers install under .bench/ (pinned in bench/peers/), not in this workspace.
declare module 'gatsby' {
  import type { ReactNode } from 'react';
  export function Link(props: { to: string; children?: ReactNode }): ReactNode;
}

declare module 'next/link' {
  import type { ReactNode } from 'react';
  export default function Link(props: { href: string; children?: ReactNode }): ReactNode;
}

declare module 'astro/config' {
  export interface AstroUserConfig {
    output?: 'static' | 'server';
    trailingSlash?: 'always' | 'never' | 'ignore';
  }
  export function defineConfig(config: AstroUserConfig): AstroUserConfig;
}

declare module 'react-router' {
  import type { ReactNode } from 'react';
  export function Link(props: { to: string; children?: ReactNode }): ReactNode;
  export function Links(): ReactNode;
  export function Meta(): ReactNode;
  export function Outlet(): ReactNode;
  export function Scripts(): ReactNode;
  export function ScrollRestoration(): ReactNode;
}

declare module '@react-router/dev/routes' {
  export interface RouteConfigEntry {
    file: string;
    path?: string;
    index?: boolean;
  }
  export function index(file: string): RouteConfigEntry;
  export function route(path: string, file: string): RouteConfigEntry;
}

declare module '@react-router/dev/config' {
  export interface Config {
    ssr?: boolean;
    prerender?: boolean | string[] | (() => string[] | Promise<string[]>);
  }
}

declare module '@react-router/dev/vite' {
  export function reactRouter(): unknown;
}

declare module 'vite' {
  export function defineConfig<T>(config: T): T;
}
