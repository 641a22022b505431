import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PageData, SliceData } from '@ssg/loader/contract';
import { SsgError } from '../errors.ts';
import type { RouteDefinition } from '../site/index.ts';
import type { BuildContext } from './context.ts';
import type { InlineSources } from './csp.ts';
import { faultPoint } from './fault.ts';
import { type DocumentInput, pageDocument } from './html.ts';
import { lookupPage, pageKey, storePage } from './incremental.ts';
import { progressCounter } from './progress.ts';
import { type PageJob, type PageOutput, renderInParallel, workerCount } from './render-workers.ts';

export const chunkNameOf = (component: string): string => `component---${component}`;

export interface RenderedPage {
  route: RouteDefinition;
  pageData: PageData;
  /**
   * The whole HTML document with the given compilation hash. Made on demand, not held: emit
   * hashes all documents (with the placeholder) before the hash exists, then writes each one,
   * and 10,000 documents held at once were ~27 MB of the build's peak memory.
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

/** Stands in for the compilation hash until every other output is known (emit replaces it). */
export const HASH_PLACEHOLDER = '%%SSG_COMPILATION_HASH%%';

/** Each static query of the site, evaluated once against the content. */
export function evaluateStaticQueries(
  ctx: BuildContext,
): Map<string, { id: string; data: unknown }> {
  const results = new Map<string, { id: string; data: unknown }>();
  for (const query of ctx.loaded.site.staticQueries) {
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
      results.set(query.hash, { id: query.id, data: query.select(ctx.content as never) });
    } catch (error) {
      throw new SsgError(
        'RENDER_FAILED',
        `The static query "${query.id}" failed: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  return results;
}

/** Stage "render": every slice once, then every page, to strings in memory. Writes nothing. */
export async function renderPages(ctx: BuildContext): Promise<void> {
  const { render, browser } = ctx.loaded;
  const queries = evaluateStaticQueries(ctx);
  const input = {
    staticQueryResults: Object.fromEntries([...queries].map(([hash, q]) => [hash, q.data])),
    trailingSlash: ctx.trailingSlash,
  };
  const load = async (component: string) => browser.components[component]!();

  const renderedSlices: RenderedSlice[] = [];
  const sliceHtml = new Map<string, string>();
  for (const slice of ctx.slices!) {
    const sliceData: SliceData = {
      componentChunkName: chunkNameOf(slice.component),
      result: { sliceContext: slice.sliceContext ?? {}, data: slice.data ?? null },
      staticQueryHashes: [],
    };
    const mod = await load(slice.component);
    const out = guard(`slice "${slice.name}"`, () => render.renderSlice(sliceData, mod, input));
    sliceData.staticQueryHashes = out.staticQueryHashes;
    sliceHtml.set(slice.name, out.html);
    renderedSlices.push({ name: slice.name, sliceData, html: out.html });
  }

  // Pages: the ones an earlier build rendered from the same inputs come from the cache, the
  // others are rendered (on worker threads too when there are many), then each gets its document.
  const state = ctx.incremental;
  const queryDigests = new Map(
    [...queries].map(([hash, q]) => [hash, digestOf(JSON.stringify(q.data ?? null))]),
  );
  const sliceDigests = new Map(
    renderedSlices.map((s) => [s.name, digestOf(`${JSON.stringify(s.sliceData)}\0${s.html}`)]),
  );
  const routes = ctx.routes!;
  const keys = state ? routes.map((route) => pageKey(ctx, route)) : [];
  const outputs: Array<PageOutput | undefined> = routes.map((route, i) =>
    state ? lookupPage(state, route, keys[i]!, queryDigests, sliceDigests) : undefined,
  );
  const missing: number[] = [];
  for (let i = 0; i < routes.length; i++) if (!outputs[i]) missing.push(i);
  const jobs: PageJob[] = missing.map((i) => ({
    pageData: pageDataOf(routes[i]!),
    component: routes[i]!.component,
  }));
  const modules = new Map<string, unknown>();
  for (const job of jobs)
    if (!modules.has(job.component)) modules.set(job.component, await load(job.component));
  // Reused pages count as done; pages rendered on worker threads are not counted (25,000 and more).
  const tick = progressCounter(ctx.reporter, 'render', routes.length, routes.length - jobs.length);
  const renderHere = (job: PageJob): PageOutput => {
    const out = guard(`page ${job.pageData.path}`, () =>
      render.renderPage(job.pageData, modules.get(job.component), sliceHtml, input, browser.layout),
    );
    tick();
    faultPoint('render');
    return out;
  };
  const workers = ctx.loaded.serverEntry ? workerCount(jobs.length) : 0;
  const rendered =
    workers > 0
      ? await renderInParallel(jobs, {
          entry: ctx.loaded.serverEntry!,
          sliceHtml,
          input,
          renderHere,
          workers,
        })
      : jobs.map(renderHere);
  missing.forEach((routeIndex, j) => {
    outputs[routeIndex] = rendered[j];
    if (state)
      storePage(
        state,
        routes[routeIndex]!,
        keys[routeIndex]!,
        rendered[j]!,
        queryDigests,
        sliceDigests,
      );
  });

  const lang = ctx.loaded.site.lang ?? 'en';
  const sliceByName = new Map(renderedSlices.map((s) => [s.name, s]));
  const pages: RenderedPage[] = [];
  for (let i = 0; i < routes.length; i++) {
    const route = routes[i]!;
    const out = outputs[i]!;
    const pageData = pageDataOf(route);
    pageData.staticQueryHashes = out.staticQueryHashes;
    pageData.slicesMap = out.slicesMap;
    const sliceNames = [...new Set(Object.values(out.slicesMap))].sort();
    const usedSlices = sliceNames.flatMap((name) => sliceByName.get(name) ?? []);
    const components = [
      route.component,
      ...ctx.slices!.filter((s) => sliceNames.includes(s.name)).map((s) => s.component),
    ];
    const document: Omit<DocumentInput, 'compilationHash'> = {
      lang,
      head: route.head,
      body: out.html,
      pageData,
      staticQueryHashes: [
        ...new Set([
          ...out.staticQueryHashes,
          ...usedSlices.flatMap((s) => s.sliceData.staticQueryHashes),
        ]),
      ].sort(),
      sliceNames,
      client: ctx.client!,
      components,
      trailingSlash: ctx.trailingSlash,
      serviceWorker: ctx.serviceWorker,
      csp: ctx.csp,
    };
    // the same with any compilation hash: kept from the first document made
    let inline: InlineSources | undefined;
    const make = (compilationHash: string) => {
      const made = pageDocument({ ...document, compilationHash }, inline);
      inline ??= made.inline;
      return made.html;
    };
    pages.push({
      route,
      pageData,
      html: make,
      inline: () => inline ?? pageDocument({ ...document, compilationHash: '' }).inline,
    });
  }
  ctx.pages = pages;
  ctx.renderedSlices = renderedSlices;
  ctx.staticQueryResults = queries;
}

/** A route's page-data before the render fills in the static queries and slices it used. */
function pageDataOf(route: RouteDefinition): PageData {
  return {
    componentChunkName: chunkNameOf(route.component),
    path: route.path,
    result: { data: route.data ?? null, pageContext: route.pageContext ?? {}, head: route.head },
    staticQueryHashes: [],
    slicesMap: {},
  };
}

const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The frames of an error's stack in the site's own code (the server bundle has source maps, so
 * they name the site's files and lines), with paths relative to the current folder.
 */
export function siteFrames(error: unknown): string[] {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .filter((line) => !/node_modules|node:internal|\(native\)|\/\.ssg\/server\//.test(line))
    .slice(0, 8)
    .map((line) => line.trim().replaceAll(`${process.cwd()}${path.sep}`, ''));
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
