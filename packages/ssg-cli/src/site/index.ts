/**
 * How a site plugs into the framework. A site folder holds two modules:
 * - `src/site.ts` (build time, Node): `export default defineSite({...})`: brands, content
 *   loading and validation, routes, slices, static queries, extra files, static assets.
 * - `src/browser.ts` (browser and server render): `export default defineBrowser({...})`: the
 *   map from component names to lazily imported modules (one JS chunk each) and route hooks.
 */
import type { HeadTags } from '@ssg/loader/contract';
import type { ComponentType, ReactNode } from 'react';
import type { ImageService } from '../image/types.ts';
import type {
  ComponentLoaderMap,
  ComponentRegistry,
  DataField,
  SliceDataField,
} from './typed-routes.ts';

export { type ContentJson, MAX_CONTENT_DEPTH, parseContentJson } from './content-json.ts';
export type {
  ComponentDataOf,
  ComponentLoaderMap,
  ComponentLoaders,
  ComponentModule,
  ComponentRegistry,
  DataField,
  SliceDataField,
} from './typed-routes.ts';
export { type UrlRules, urlProblem } from './url-problem.ts';
export type { HeadTags };

/** Sources a site's content adds to its Content-Security-Policy (an analytics tag, say). */
export interface SiteCspSources {
  scriptSrc?: string[];
  connectSrc?: string[];
  imgSrc?: string[];
  workerSrc?: string[];
  frameSrc?: string[];
}

import type { ContentIssue } from '../errors.ts';

export type { ContentIssue };

export type ContentResult<Content> =
  | { ok: true; content: Content; files: string[] }
  | { ok: false; issues: ContentIssue[] };

/** What a site's `loadContent` is given. */
export interface ContentInput {
  contentDir: string;
  brand: string;
  /** Processes images of the content folder into responsive variants (`@ssg/cli/image`). */
  images: ImageService;
  /**
   * Where content loading may keep what it made of each file until the next build (`ssg build`
   * only): a folder of its own, and a version that changes whenever the site's code does.
   */
  cache?: { dir: string; version: string };
}

export interface RouteDefinition<Data = unknown> {
  /** Canonical path: `/`, `/about/`, `/404.html`, `/500.html`. */
  path: string;
  /** Key of the component in the browser definition's `components` (checked by `tsc` in a typed site: `SiteRoute`). */
  component: string;
  /** The page's data (page-data `result.data`), selected from content. Keep it small. */
  data?: Data;
  /**
   * In place of `data`, for sites of very many pages: reads the page's data when the build needs
   * it (to key the incremental cache, to render the page, to write its page-data), so no build
   * holds every page's data at once. Synchronous (read with `readFileSync`, or `readSync` at an
   * offset): it runs in the build's loop over the pages. It may be called more than once in a
   * build and must give the same data each time; `ssg dev` calls it each time it renders the site.
   */
  loadData?: () => Data;
  pageContext?: Record<string, unknown>;
  /** Page title, description etc.; required so every page has a title. */
  head: HeadTags;
  /**
   * A client-only route: the other paths this page answers, rendered in the browser with the
   * real location (`PageProps.path`, `useLocation()`), e.g. `/conta/*` (the page and everything
   * below it) or `/app/:id/` (any one segment). It must cover the page's own path and no other
   * page's. The hosts serve the page's HTML for those paths with status 200.
   */
  matchPath?: string;
}

export interface SliceDefinition<Data = unknown> {
  /** Slice name, e.g. `footer` → `/slice-data/footer.json`. */
  name: string;
  /** Key of the component in the browser definition's `components`. */
  component: string;
  data?: Data;
  sliceContext?: Record<string, unknown>;
}

/**
 * A route of a typed site: its `component` one of the registry's names and its `data` what that
 * component's props take. Without a registry (`undefined`), any `RouteDefinition`.
 */
export type SiteRoute<Registry extends ComponentRegistry | undefined = undefined> =
  Registry extends ComponentRegistry
    ? {
        [Name in keyof Registry & string]: Omit<
          RouteDefinition,
          'component' | 'data' | 'loadData'
        > & {
          component: Name;
        } & DataField<Registry[Name]>;
      }[keyof Registry & string]
    : RouteDefinition;

/** A slice of a typed site, checked as `SiteRoute` is (no `loadData`: slices are few). */
export type SiteSlice<Registry extends ComponentRegistry | undefined = undefined> =
  Registry extends ComponentRegistry
    ? {
        [Name in keyof Registry & string]: Omit<SliceDefinition, 'component' | 'data'> & {
          component: Name;
        } & SliceDataField<Registry[Name]>;
      }[keyof Registry & string]
    : SliceDefinition;

/** A file the build writes besides pages (sitemap.xml, robots.txt, …). */
export interface ExtraFile {
  /** Output-relative path, e.g. `sitemap.xml`. */
  path: string;
  contents: string | Uint8Array;
}

export interface BuildInfo<Content> {
  content: Content;
  brand: string;
  /** Absolute paths to URLs for `trailingSlash`. */
  routes: RouteDefinition[];
  trailingSlash: 'always' | 'never' | 'ignore';
}

/**
 * `Registry` types the routes and slices (`SiteRoute`): `ComponentDataOf<typeof browser>` with
 * `import type browser from './browser.ts'`, or a registry of its own. Left out, a component is
 * any string, checked only when the build runs.
 */
export interface SiteDefinition<
  Content,
  Registry extends ComponentRegistry | undefined = undefined,
> {
  /**
   * Brands the site builds for, one at a time (`ssg build --brand NAME`); the first is the
   * default. Leave out for a site with one face; `brand` is then `default`.
   */
  brands?: readonly string[];
  /**
   * Read and validate content. Never throws for bad content: returns every issue. Content
   * collections (`@ssg/cli/content`) make this function from schemas.
   */
  loadContent(input: ContentInput): Promise<ContentResult<Content>>;
  /** Every page of the site. */
  routes(content: Content): SiteRoute<Registry>[];
  /** Parts shared by pages, rendered once (e.g. the footer). */
  slices?(content: Content): SiteSlice<Registry>[];
  /** Every static query the site's components may use. */
  staticQueries: ReadonlyArray<StaticQuery<Content, unknown>>;
  /** Extra output files, e.g. sitemap.xml and robots.txt. */
  files?(info: BuildInfo<Content>): ExtraFile[];
  /** Folders copied as they are into the output, `{ from: absolute dir, to: output-relative dir }`. */
  assets?(content: Content): Array<{ from: string; to: string }>;
  /** `<html lang>`; defaults to `en`. */
  lang?: string;
  /**
   * The page the service worker shows, offline, for a page it has not saved; in the site's
   * language. Default: an English "You are offline" and a sentence saying what to do.
   */
  offline?: { title: string; message: string };
  /**
   * The address the site is deployed at (`https://www.example.com`). With `https://`, the
   * headers ask browsers for HTTPS only (HSTS, `upgrade-insecure-requests`).
   */
  url?(content: Content): string;
  /**
   * Sources the content needs in the Content-Security-Policy, e.g. where an analytics tag it
   * configures sends its data. A `<Script src>`'s own origin the build adds to its pages itself.
   */
  csp?(content: Content): SiteCspSources;
}

export function defineSite<Content, Registry extends ComponentRegistry | undefined = undefined>(
  site: SiteDefinition<Content, Registry>,
): SiteDefinition<Content, Registry> {
  return site;
}

/**
 * A static query: content a component needs, selected at build time, evaluated once per build
 * and written to `/page-data/sq/d/{hash}.json`. Components read it with `useStaticQuery`.
 * `select` runs only at build time; keep it free of imports that must not reach the browser.
 */
export interface StaticQuery<Content, Data> {
  readonly id: string;
  readonly hash: string;
  readonly select: (content: Content) => Data;
}

/** FNV-1a, 32 bits, decimal: stable across builds and machines, short in URLs. */
export function queryHash(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return String(h);
}

export function defineStaticQuery<Content, Data>(
  id: string,
  select: (content: Content) => Data,
): StaticQuery<Content, Data> {
  return { id, hash: queryHash(id), select };
}

/** Props every page component receives. */
export interface PageProps<Data = unknown, Context = Record<string, unknown>> {
  data: Data;
  pageContext: Context;
  /** The path being shown (for the 404 page: the unknown path asked for). */
  path: string;
}

/**
 * Props of the site's layout: the page being shown (`children`) and that page's props. The layout
 * stays mounted across client navigations, so its state (an open menu, a played video) and its
 * DOM survive them.
 */
export interface LayoutProps<Data = unknown, Context = Record<string, unknown>>
  extends PageProps<Data, Context> {
  children: ReactNode;
}

/** Props every slice component receives. */
export interface SliceProps<Data = unknown, Context = Record<string, unknown>> {
  data: Data;
  sliceContext: Context;
}

export interface RouteUpdate {
  location: { pathname: string; search: string; hash: string };
  prevLocation: { pathname: string; search: string; hash: string } | null;
}

export interface BrowserDefinition<Components extends ComponentLoaderMap = ComponentLoaderMap> {
  /** Component name → lazy import. Each becomes its own JS chunk. */
  components: Components;
  /**
   * Wraps every page, on the server and in the browser, and stays mounted across client
   * navigations: the place for the frame every page shares (header, menu, footer). Import it
   * statically: it is part of the first load of every page.
   */
  layout?: ComponentType<LayoutProps<never, never>>;
  /** After every route change, the first load included. */
  onRouteUpdate?(update: RouteUpdate): void;
  /** When a navigation has been pending for 1000 ms. */
  onRouteDelayed?(update: { pathname: string }): void;
  /** Accessible name of the delayed-route progress bar, in the site's language. Default: `Loading page`. */
  progressLabel?: string;
}

/** Keeps the names and component types of `components`, for `ComponentDataOf<typeof browser>`. */
export function defineBrowser<const Components extends ComponentLoaderMap>(
  browser: BrowserDefinition<Components>,
): BrowserDefinition<Components> {
  return browser;
}
