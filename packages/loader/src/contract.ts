/**
 * The JSON files a build emits and the loader reads. Defined once: `@ssg/cli` writes these
 * shapes and `@ssg/loader` reads them, both importing from here.
 */

/** `/page-data/app-data.json` */
export interface AppData {
  /**
   * Of what a tab keeps using as it navigates (client code, CSS, static queries, slices): when it
   * changes, the next navigation is a full page load.
   */
  compilationHash: string;
  /**
   * Of every data file a tab may fetch (page-data, static queries, slices): when only it changes,
   * a tab drops the data it holds and fetches the new on its next navigation, without a reload.
   * The same for two builds of the same input.
   */
  buildId: string;
}

/** `/page-data/{page}/page-data.json`; page `index` for `/`, `404.html` and `500.html` for those. */
export interface PageData<Data = unknown, Context = Record<string, unknown>> {
  /** Names the JS chunk of the page component, e.g. `component---home`. */
  componentChunkName: string;
  /** The page's canonical path, e.g. `/about/`. */
  path: string;
  result: {
    /** The page's own data, selected from content at build time. */
    data: Data;
    pageContext: Context;
    /** Title, meta, links and JSON-LD of the page, applied to `<head>` on client navigation. */
    head?: HeadTags;
  };
  /** Hashes of the static queries the page's component tree uses (`/page-data/sq/d/{hash}.json`). */
  staticQueryHashes: string[];
  /** Slice placeholders used by the page, alias → slice name (`/slice-data/{name}.json`). */
  slicesMap: Record<string, string>;
  /**
   * The HTML of the page's static parts (components of `*.static.tsx` files, whose code the
   * browser never loads), by part key, exactly as the server wrote it: a client navigation shows it.
   */
  staticHtml?: StaticHtml;
  /**
   * Client-only route: the pattern of paths this page also answers, e.g. `/conta/*` or
   * `/app/:id/` (literal segments, `:name` for one segment, a last `*` for any rest). Only on
   * pages whose route declares one. The host serves the page's HTML for every path it matches
   * and the loader renders the page there (see `MatchPath`, `pageMatching`).
   */
  matchPath?: string;
}

/** A page's `<head>`: rendered at build time and applied again on client navigation. */
export interface HeadTags {
  title: string;
  meta?: Array<{ name?: string; property?: string; content: string }>;
  link?: Array<{
    rel: string;
    href: string;
    hreflang?: string;
    type?: string;
    /** With `rel: 'preload'`: `font`, `image`, … */
    as?: string;
    crossorigin?: 'anonymous' | 'use-credentials';
    /** With `as: 'image'`: the responsive image's candidates and sizes, and its priority. */
    imagesrcset?: string;
    imagesizes?: string;
    fetchpriority?: 'high' | 'low' | 'auto';
    /**
     * With `rel: 'expect'` and `href: '#id'`: the first paint waits until the element of that id
     * is parsed, so a slow phone never paints a half-parsed header whose later parts move it.
     */
    blocking?: 'render';
  }>;
  /** JSON-LD objects, each written as a `<script type="application/ld+json">`, escaped. */
  jsonLd?: unknown[];
}

/** `/page-data/sq/d/{hash}.json` */
export interface StaticQueryResult<Data = unknown> {
  data: Data;
}

/** `/slice-data/{name}.json` */
export interface SliceData<Data = unknown, Context = Record<string, unknown>> {
  componentChunkName: string;
  result: {
    sliceContext: Context;
    data: Data;
  };
  staticQueryHashes: string[];
  /** The HTML of the slice's static parts, as in `PageData.staticHtml`. */
  staticHtml?: StaticHtml;
}

/** Static parts' HTML by key (`<component id>:<props digest>`), in the order the page has them. */
export type StaticHtml = Record<string, string>;

/** The page name used in page-data URLs: `/` → `index`, `/about/` → `about`. */
export function pageNameOf(path: string): string {
  // split() always yields a first part: the assertions only tell the type checker so
  const clean = ((path.split('#')[0] as string).split('?')[0] as string).replace(/^\/+|\/+$/g, '');
  return clean === '' ? 'index' : clean;
}

export const pageDataUrl = (path: string): string =>
  `/page-data/${pageNameOf(path)}/page-data.json`;
export const appDataUrl = (): string => '/page-data/app-data.json';
export const staticQueryUrl = (hash: string): string => `/page-data/sq/d/${hash}.json`;
export const sliceDataUrl = (name: string): string => `/slice-data/${name}.json`;

export {
  type MatchPath,
  matchPathSource,
  pageMatching,
  pathMatches,
} from './match-path.ts';
