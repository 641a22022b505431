// Stage "render": the site's slices and pages to HTML, each page's body kept in the incremental
// cache's store on disk (in memory in `ssg dev`), and each page's document made on demand.
import path from 'node:path';
import type { PageData, SliceData } from '@ssg/loader/contract';
import type { ClientBundle } from '../bundle/client.ts';
import { SsgError } from '../errors.ts';
import type { PageReuse, RenderInputs, StoredOutput } from '../incremental/page-cache.ts';
import { progressCounter } from '../progress.ts';
import { type Routes, routeData } from '../routes/collect-routes.ts';
import type { CspSettings, InlineSources } from '../shared/csp.ts';
import { type Fault, faultPoint } from '../shared/fault.ts';
import { type MatchPath, matchPathsOf } from '../shared/match-paths.ts';
import { sourceMapped } from '../shared/source-frames.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import type { RouteDefinition } from '../site/index.ts';
import type { BuildReporter, LoadedSite } from '../types.ts';
import { type DocumentInput, pageDocument } from './document.ts';
import { checkStaticQuerySizes } from './page-data-size.ts';
import { type PageJob, type PageOutput, renderInParallel, workerCount } from './render-workers.ts';

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
}

export interface RenderedSlice {
  name: string;
  sliceData: SliceData;
  html: string;
}

/** What the render reads: the site's code, content, routes, client bundle and options. */
export interface RenderInput {
  loaded: LoadedSite;
  trailingSlash: TrailingSlash;
  serviceWorker: boolean;
  content: unknown;
  routes: Routes;
  client: ClientBundle;
  /** The policy's settings, for each document's `<meta>`; none in `ssg dev`. */
  csp?: CspSettings;
  /** The incremental cache's pages; none in `ssg dev`. */
  cache?: { forRender(inputs: RenderInputs): PageReuse };
  reporter?: BuildReporter;
  /** Render worker threads (BuildSwitches.renderWorkers); default: by pages and cores. */
  renderWorkers?: number | undefined;
  fault?: Fault | undefined;
}

/** What stage "render" made. */
export interface RenderedPages {
  pages: RenderedPage[];
  slices: RenderedSlice[];
  /** Each static query's id and result, by hash. */
  staticQueryResults: StaticQueryResults;
}

export type StaticQueryResults = Map<string, { id: string; data: unknown }>;

/** Each static query of the site, evaluated once against the content. */
export function evaluateStaticQueries(loaded: LoadedSite, content: unknown): StaticQueryResults {
  const results: StaticQueryResults = new Map();
  for (const query of loaded.site.staticQueries) {
    const other = results.get(query.hash);
    if (other) {
      throw new SsgError(
        'CONFIG',
        `The static queries "${other.id}" and "${query.id}" have the same hash ${query.hash}.`,
        {
          hint: 'Give one of them another id.',
        },
      );
    }
    try {
      results.set(query.hash, { id: query.id, data: query.select(content as never) });
    } catch (error) {
      throw new SsgError(
        'RENDER_FAILED',
        `The static query "${query.id}" failed: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  checkStaticQuerySizes(results);
  return results;
}

/**
 * Stage "render": every slice once, then every page; bodies stream into the cache's store as they
 * are rendered, and each `RenderedPage` reads its body back when its document is made.
 */
export async function renderPages(ctx: RenderInput): Promise<RenderedPages> {
  const { render, browser } = ctx.loaded;
  const queries = evaluateStaticQueries(ctx.loaded, ctx.content);
  const input = {
    staticQueryResults: Object.fromEntries([...queries].map(([hash, q]) => [hash, q.data])),
    trailingSlash: ctx.trailingSlash,
  };
  // the routes stage checked that every component named exists
  const load = async (component: string) => browser.components[component]?.();

  const renderedSlices: RenderedSlice[] = [];
  const sliceHtml = new Map<string, string>();
  for (const slice of ctx.routes.slices) {
    const sliceData: SliceData = {
      componentChunkName: chunkNameOf(slice.component),
      result: { sliceContext: slice.sliceContext ?? {}, data: slice.data ?? null },
      staticQueryHashes: [],
    };
    const mod = await load(slice.component);
    const out = guard(`slice "${slice.name}"`, () => render.renderSlice(sliceData, mod, input));
    sliceData.staticQueryHashes = out.staticQueryHashes;
    if (out.staticHtml) sliceData.staticHtml = out.staticHtml;
    sliceHtml.set(slice.name, out.html);
    renderedSlices.push({ name: slice.name, sliceData, html: out.html });
  }

  // Pages: the ones an earlier build rendered from the same inputs come from the cache, the
  // others are rendered (on worker threads too when there are many); each body goes to the
  // cache's store as it arrives, so no page's HTML stays in memory (see renderedPage).
  const cache = ctx.cache?.forRender({ queries, slices: renderedSlices });
  const keep = (route: RouteDefinition, data: unknown, out: PageOutput): StoredOutput =>
    cache ? cache.store(route, data, out) : { ...out, body: () => out.html };
  const { routes } = ctx.routes;
  const outputs = new Array<StoredOutput | undefined>(routes.length);
  const missing: number[] = [];
  routes.forEach((route, i) => {
    const reused = readingData(route, () => cache?.reuse(route));
    if (reused) outputs[i] = reused;
    else missing.push(i);
  });
  // The data of the pages sent to render and not yet delivered (a few batches): the cache keys
  // each page with the data it was rendered from, read once.
  const sentData = new Map<number, unknown>();
  const jobOf = (i: number): PageJob => {
    const route = routes[i] as RouteDefinition;
    const pageData = pageDataOf(route);
    sentData.set(i, pageData.result.data);
    return { pageData, component: route.component };
  };
  const modules = new Map<string, unknown>();
  for (const i of missing) {
    const { component } = routes[i] as RouteDefinition;
    if (!modules.has(component)) modules.set(component, await load(component));
  }
  // Reused pages count as done; pages rendered on worker threads are not counted (25,000 and more).
  const tick = progressCounter(
    ctx.reporter,
    'render',
    routes.length,
    routes.length - missing.length,
  );
  const renderHere = (job: PageJob): PageOutput => {
    const out = guard(`page ${job.pageData.path}`, () =>
      render.renderPage(job.pageData, modules.get(job.component), sliceHtml, input, browser.layout),
    );
    tick();
    faultPoint(ctx.fault, 'render');
    return out;
  };
  const deliver = (j: number, output: PageOutput) => {
    const i = missing[j] as number;
    outputs[i] = keep(routes[i] as RouteDefinition, sentData.get(i), output);
    sentData.delete(i);
  };
  const entry = ctx.loaded.serverEntry;
  const workers = entry ? (ctx.renderWorkers ?? workerCount(missing.length)) : 0;
  if (entry && workers > 0) {
    const jobs = { length: missing.length, at: (j: number) => jobOf(missing[j] as number) };
    await renderInParallel(jobs, { entry, sliceHtml, input, renderHere, workers, deliver });
  } else
    missing.forEach((i, j) => {
      deliver(j, renderHere(jobOf(i)));
    });
  const sliceByName = new Map(renderedSlices.map((s) => [s.name, s]));
  const matchPaths = matchPathsOf(routes);
  const pages = routes.flatMap((route, i) => {
    const output = outputs[i];
    return output ? [renderedPage(ctx, route, output, sliceByName, matchPaths)] : [];
  });
  return { pages, slices: renderedSlices, staticQueryResults: queries };
}

/** A page's render output in its document: made on demand with the compilation hash. */
function renderedPage(
  ctx: RenderInput,
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
    csp: ctx.csp,
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
    inline: () =>
      inline ?? pageDocument({ ...document, body: out.body(), compilationHash: '' }).inline,
  };
}

/**
 * A route's page-data before the render fills in the static queries and slices it used; a route
 * with `loadData` has its data read here.
 */
function pageDataOf(route: RouteDefinition): PageData {
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

/**
 * The frames of an error's stack in the site's own code (read through the server bundle's source
 * maps, so they name the site's files and lines), with paths relative to the current folder.
 */
export function siteFrames(error: unknown): string[] {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map(sourceMapped)
    .filter((line) => !/node_modules|node:internal|\(native\)|\/\.ssg\/server\//.test(line))
    .slice(0, 8)
    .map((line) => line.trim().replaceAll(`${process.cwd()}${path.sep}`, ''));
}

/** Runs what reads a route's data, turning an exception of its `loadData` into an error naming the page. */
function readingData<T>(route: RouteDefinition, read: () => T): T {
  if (!route.loadData) return read();
  try {
    return read();
  } catch (error) {
    throw new SsgError(
      'CONTENT_INVALID',
      `Reading the data of page ${route.path} failed: ${(error as Error).message}`,
      {
        hint: "Fix that route's loadData in src/site.ts, or the content it reads; the previous output was left untouched.",
        trace: siteFrames(error),
        cause: error,
      },
    );
  }
}

/** Renders, turning a component's exception into an error that names the page or slice. */
function guard<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw new SsgError('RENDER_FAILED', `Rendering ${what} failed: ${(error as Error).message}`, {
      hint: 'Fix the component at the place above; the previous output was left untouched.',
      trace: siteFrames(error),
      cause: error,
    });
  }
}
