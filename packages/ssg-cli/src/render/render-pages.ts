// Stage "render": the site's slices and pages to HTML, each page's body kept in the incremental
// cache's store on disk (in memory in `ssg dev`), and each page's document made on demand.
import type { SliceData } from '@ssg/loader/contract';
import { progressCounter } from '../progress.ts';
import type { Routes } from '../routes/index.ts';
import { type Fault, faultPoint } from '../shared/fault.ts';
import { matchPathsOf } from '../shared/match-path-list.ts';
import type { RouteDefinition } from '../site/index.ts';
import type { BuildReporter } from '../types.ts';
import { pageLinks } from './page-links.ts';
import { type PageJob, type PageOutput, renderInParallel, workerCount } from './render-workers.ts';
import {
  chunkNameOf,
  type PageFrame,
  pageDataOf,
  type RenderedPage,
  type RenderedSlice,
  renderedPage,
} from './rendered-page.ts';
import type { RenderReuse, StoredOutput } from './reuse.ts';
import { guard, readingData } from './site-errors.ts';
import { evaluateStaticQueries, type StaticQueryResults } from './static-queries.ts';

/** What the render reads: the site's code, content, routes, client bundle and options. */
export interface RenderInput extends PageFrame {
  content: unknown;
  routes: Routes;
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

/**
 * Stage "render": every slice once, then every page; bodies stream into the cache's store as they
 * are rendered, and each `RenderedPage` reads its body back when its document is made.
 */
export async function renderPages(ctx: RenderInput, reuse?: RenderReuse): Promise<RenderedPages> {
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
    renderedSlices.push({
      name: slice.name,
      sliceData,
      html: out.html,
      ...(out.scripts ? { scripts: out.scripts } : {}),
    });
  }

  // Pages: the ones an earlier build rendered from the same inputs come from the cache, the
  // others are rendered (on worker threads too when there are many); each body goes to the
  // cache's store as it arrives, so no page's HTML stays in memory (see renderedPage).
  const cache = reuse?.forRender({ queries, slices: renderedSlices });
  const { routes } = ctx.routes;
  // a link to a page is that page's path string, not a copy per linking page (5 a page in the bench)
  const pathOf = new Map(routes.map((route) => [route.path, route.path]));
  const keep = (route: RouteDefinition, data: unknown, out: PageOutput): StoredOutput => {
    const links = pageLinks(out.html).map((link) => pathOf.get(link) ?? link);
    return cache ? cache.store(route, data, out, links) : { ...out, links, body: () => out.html };
  };
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
  const shared = { ctx, sliceByName, matchPaths: matchPathsOf(routes), same: new Map() };
  const pages = routes.flatMap((route, i) => {
    const output = outputs[i];
    return output ? [renderedPage(route, output, shared)] : [];
  });
  reuse?.rendered(); // what the cache stored is final: it may save it while emit writes
  return { pages, slices: renderedSlices, staticQueryResults: queries };
}
