// A rendered page as emit sees it: its page-data and its HTML document, each made when asked for
// from the render output (the body read back from the cache's store) and the build's frame.
import type { PageData, SliceData } from '@ssg/loader/contract';
import type { ClientBundle } from '../bundle/index.ts';
import { type Routes, routeData } from '../routes/index.ts';
import type { CspSettings, InlineSources } from '../shared/csp.ts';
import type { MatchPath } from '../shared/match-path-list.ts';
import { type ScriptUse, sortedScripts } from '../shared/script-use.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import type { RouteDefinition } from '../site/index.ts';
import type { LoadedSite } from '../types.ts';
import { type DocumentInput, pageDocument } from './document.ts';
import { pageSettings } from './page-settings.ts';
import type { StoredOutput } from './reuse.ts';
import { readingData } from './site-errors.ts';

export const chunkNameOf = (component: string): string => `component---${component}`;

export interface RenderedPage {
  /** The page's route; its path is the page-data's. */
  route: RouteDefinition;
  /**
   * The page's page-data, made when asked: emit makes it as it writes it, so a route's data (what
   * its `loadData` reads) is not held for the whole build.
   */
  pageData(): PageData;
  /**
   * The whole HTML document with the given compilation hash. Made on demand, not held: emit
   * makes each one as it writes it; 10,000 documents held at once were ~27 MB of the peak memory.
   */
  html(compilationHash: string): string;
  /** The hashes of the document's inline scripts and styles, for its Content-Security-Policy. */
  inline(): InlineSources;
  /** The site hrefs of the page's `<a>` elements, for the broken-link check (emit/broken-links.ts). */
  links: readonly string[];
  /** The page's policy settings: the site's with its scripts' origins; none without a policy. */
  csp?: CspSettings;
  /** The `<Script>`s of the page and of the slices it embeds. */
  scripts: ScriptUse[];
}

export interface RenderedSlice {
  name: string;
  sliceData: SliceData;
  html: string;
  /** The `<Script>`s the slice rendered: they enter the policy of each page that embeds it. */
  scripts?: ScriptUse[];
}

/** What every page's document is made with besides its own render output. */
export interface PageFrame {
  loaded: LoadedSite;
  trailingSlash: TrailingSlash;
  serviceWorker: boolean;
  routes: Pick<Routes, 'slices'>;
  client: ClientBundle;
  /** The policy's settings, for each document's `<meta>`; none in `ssg dev`. */
  csp?: CspSettings;
  /** The site's own origin (its `url()`): a script served from it adds nothing to a policy. */
  siteOrigin?: string | undefined;
}

/** A page's render output in its document: made on demand with the compilation hash. */
export function renderedPage(
  ctx: PageFrame,
  route: RouteDefinition,
  out: StoredOutput,
  sliceByName: ReadonlyMap<string, RenderedSlice>,
  matchPaths: MatchPath[],
): RenderedPage {
  const pageData = (): PageData => {
    const made = pageDataOf(route);
    made.staticQueryHashes = out.staticQueryHashes;
    made.slicesMap = out.slicesMap;
    if (out.staticHtml) made.staticHtml = out.staticHtml;
    return made;
  };
  const sliceNames = [...new Set(Object.values(out.slicesMap))].sort();
  const usedSlices = sliceNames.flatMap((name) => sliceByName.get(name) ?? []);
  const scripts = sortedScripts([
    ...(out.scripts ?? []),
    ...usedSlices.flatMap((s) => s.scripts ?? []),
  ]);
  const csp = ctx.csp && pageSettings(ctx.csp, scripts, ctx.siteOrigin);
  const components = [
    route.component,
    ...ctx.routes.slices.filter((s) => sliceNames.includes(s.name)).map((s) => s.component),
  ];
  const document: Omit<DocumentInput, 'compilationHash'> = {
    lang: ctx.loaded.site.lang ?? 'en',
    head: route.head,
    body: '',
    path: route.path,
    staticQueryHashes: [
      ...new Set([
        ...out.staticQueryHashes,
        ...usedSlices.flatMap((s) => s.sliceData.staticQueryHashes),
      ]),
    ].sort(),
    sliceNames,
    client: ctx.client,
    components,
    trailingSlash: ctx.trailingSlash,
    serviceWorker: ctx.serviceWorker,
    csp,
    matchPaths,
  };
  // the same with any compilation hash: kept from the first document made
  let inline: InlineSources | undefined;
  const make = (compilationHash: string) => {
    const made = pageDocument({ ...document, body: out.body(), compilationHash }, inline);
    inline ??= made.inline;
    return made.html;
  };
  return {
    route,
    pageData,
    html: make,
    scripts,
    ...(csp ? { csp } : {}),
    inline: () =>
      inline ?? pageDocument({ ...document, body: out.body(), compilationHash: '' }).inline,
    links: out.links,
  };
}

/**
 * A route's page-data before the render fills in the static queries and slices it used; a route
 * with `loadData` has its data read here.
 */
export function pageDataOf(route: RouteDefinition): PageData {
  const data = readingData(route, () => routeData(route));
  return {
    componentChunkName: chunkNameOf(route.component),
    path: route.path,
    result: { data, pageContext: route.pageContext ?? {}, head: route.head },
    staticQueryHashes: [],
    slicesMap: {},
    ...(route.matchPath === undefined ? {} : { matchPath: route.matchPath }),
  };
}
