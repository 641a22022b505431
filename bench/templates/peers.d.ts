// The exports of the peers that the Gatsby, Next and Astro templates use, as their docs give them:
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
