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

/** What every page of one render shares: the frame, the slices by name, the client-only routes. */
export interface PageShared {
  ctx: PageFrame;
  sliceByName: ReadonlyMap<string, RenderedSlice>;
  matchPaths: MatchPath[];
  /** One copy of each distinct value many pages hold alike (their inline sources, their scripts). */
  same: Interned;
}

/** The pages' shared values: one object for each distinct JSON text. */
export type Interned = Map<string, unknown>;

/** The one copy of a value equal to `value` among those `same` holds. */
export function interned<T>(same: Interned, value: T): T {
  const key = JSON.stringify(value);
  const had = same.get(key);
  if (had !== undefined) return had as T;
  same.set(key, value);
  return value;
}

/**
 * A page's render output in its document, made on demand with the compilation hash. A class, not
 * closures: at 100,000 pages each page's closures, contexts and document options held ~1.7 KB.
 */
class Page implements RenderedPage {
  readonly scripts: ScriptUse[];
  readonly csp?: CspSettings;
  /** The same with any compilation hash: kept from the first document made. */
  private known: InlineSources | undefined;

  constructor(
    readonly route: RouteDefinition,
    private readonly out: StoredOutput,
    private readonly shared: PageShared,
  ) {
    const { ctx, same } = shared;
    this.scripts = interned(
      same,
      sortedScripts([...(out.scripts ?? []), ...this.usedSlices().flatMap((s) => s.scripts ?? [])]),
    );
    const csp = ctx.csp && pageSettings(ctx.csp, this.scripts, ctx.siteOrigin);
    if (csp) this.csp = interned(same, csp);
  }

  get links(): readonly string[] {
    return this.out.links;
  }

  pageData(): PageData {
    const made = pageDataOf(this.route);
    made.staticQueryHashes = this.out.staticQueryHashes;
    made.slicesMap = this.out.slicesMap;
    if (this.out.staticHtml) made.staticHtml = this.out.staticHtml;
    return made;
  }

  html(compilationHash: string): string {
    const made = pageDocument(this.document(compilationHash), this.known);
    this.known ??= interned(this.shared.same, made.inline);
    return made.html;
  }

  inline(): InlineSources {
    return this.known ?? pageDocument(this.document('')).inline;
  }

  private sliceNames(): string[] {
    return [...new Set(Object.values(this.out.slicesMap))].sort();
  }

  private usedSlices(): RenderedSlice[] {
    return this.sliceNames().flatMap((name) => this.shared.sliceByName.get(name) ?? []);
  }

  private document(compilationHash: string): DocumentInput {
    const { ctx, matchPaths } = this.shared;
    const { out, route } = this;
    const sliceNames = this.sliceNames();
    const usedSlices = this.usedSlices();
    return {
      lang: ctx.loaded.site.lang ?? 'en',
      head: route.head,
      body: out.body(),
      path: route.path,
      staticQueryHashes: [
        ...new Set([
          ...out.staticQueryHashes,
          ...usedSlices.flatMap((s) => s.sliceData.staticQueryHashes),
        ]),
      ].sort(),
      sliceNames,
      client: ctx.client,
      components: [
        route.component,
        ...ctx.routes.slices.filter((s) => sliceNames.includes(s.name)).map((s) => s.component),
      ],
      trailingSlash: ctx.trailingSlash,
      serviceWorker: ctx.serviceWorker,
      csp: this.csp,
      matchPaths,
      compilationHash,
    };
  }
}

/** A page's render output in its document: made on demand with the compilation hash. */
export const renderedPage = (
  route: RouteDefinition,
  out: StoredOutput,
  shared: PageShared,
): RenderedPage => new Page(route, out, shared);

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
