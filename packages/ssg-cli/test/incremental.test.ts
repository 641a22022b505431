// Real: build() of a copy of the mini fixture site into real folders, with its real incremental
// cache and, in one test, a real render worker thread. Faked: nothing (worker threads are only counted); changes
// are made to copies of the content.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startBundler } from '../src/bundle/process.ts';
import { startWorker } from '../src/child-module.ts';
import { loadSiteCode, resolveSetup } from '../src/config/resolve-config.ts';
import { cacheFileOf, configReuse } from '../src/incremental/index.ts';
import { SsgError } from '../src/index.ts';
import { type PageJob, renderInParallel } from '../src/render/render-workers.ts';
import type { BuildSwitches } from '../src/switches.ts';
import {
  buildMini as buildMiniAt,
  contentCopy,
  MINI_SITE,
  miniSiteCopy,
  must,
  snapshot,
  tempDir,
} from './helpers.ts';

// every worker thread still starts; the test only counts the render's
vi.mock('../src/child-module.ts', async (original) => {
  const actual = await original<typeof import('../src/child-module.ts')>();
  return { ...actual, startWorker: vi.fn(actual.startWorker) };
});
const renderThreads = () =>
  vi.mocked(startWorker).mock.calls.filter(([, name]) => name === 'render-worker').length;

/** The mini site's code, from its server bundle, as a build loads it. */
async function loadMiniSite() {
  const bundler = startBundler();
  try {
    return (await loadSiteCode(await resolveSetup({ root: MINI_SITE }), bundler, configReuse))
      .loaded;
  } finally {
    await bundler.stop();
  }
}

const PAGES = 5; // /, /sobre/, /servicos/, /404.html, /500.html

// caches of this file's own: its --force and production builds would remove or replace those the
// other files' builds of the mini site read
const ROOT = miniSiteCopy();
const buildMini = (options: Parameters<typeof buildMiniAt>[0] = {}, switches: BuildSwitches = {}) =>
  buildMiniAt({ root: ROOT, ...options }, switches);

/**
 * Builds into `outDir` as a first build into it would: its cache is removed first (the client may
 * come from the site's shared store, which this file's earlier builds filled).
 */
async function buildFromScratch(
  options: { outDir: string; contentDir?: string },
  switches: BuildSwitches = {},
) {
  rmSync(cacheFileOf({ root: ROOT, outDir: options.outDir }), { force: true });
  return buildMini(options, switches);
}

function editContent(dir: string, change: (json: Record<string, unknown>) => void): void {
  const file = path.join(dir, 'site.json');
  const json = JSON.parse(readFileSync(file, 'utf8'));
  change(json);
  writeFileSync(file, JSON.stringify(json));
}

describe('incremental builds', () => {
  // One cold build (nothing reused, whatever ran before) and one into a new folder after it,
  // read by the first three tests: two Vite builds fewer than a cold build for each.
  let coldDir: string;
  let cold: Awaited<ReturnType<typeof buildMini>>;
  let coldSnapshot: Record<string, string>;
  let written: number;
  let otherDir: string;
  let other: Awaited<ReturnType<typeof buildMini>>;
  beforeAll(async () => {
    coldDir = path.join(tempDir(), 'site');
    cold = await buildMini({ outDir: coldDir, force: true });
    coldSnapshot = snapshot(coldDir);
    written = statSync(path.join(coldDir, 'sobre/index.html')).mtimeMs;
    // another brand or a new folder: nothing of its own to reuse, the same client files
    otherDir = path.join(tempDir(), 'site');
    other = await buildFromScratch({ outDir: otherDir });
  });

  it('leaves the output as it is when nothing changed, identical to a build from scratch', async () => {
    expect(cold.reused).toEqual({ pages: 0, client: false, output: false, patched: false });
    const warm = await buildMini({ outDir: coldDir });
    expect(warm.reused).toEqual({ pages: PAGES, client: true, output: true, patched: false });
    expect(warm.compilationHash).toBe(cold.compilationHash);
    expect(warm.bytes).toEqual(cold.bytes);
    expect(snapshot(coldDir)).toEqual(coldSnapshot);
    expect(statSync(path.join(coldDir, 'sobre/index.html')).mtimeMs).toBe(written);
    expect(snapshot(otherDir)).toEqual(coldSnapshot);
  });

  it("a new output folder takes the client another folder's build made (no Vite), unless forced", async () => {
    expect(other.reused).toEqual({ pages: 0, client: true, output: false, patched: false });
    expect(snapshot(otherDir)).toEqual(coldSnapshot);
    const forced = await buildMini({ outDir: path.join(tempDir(), 'site'), force: true });
    expect(forced.reused.client).toBe(false);
    expect(forced.compilationHash).toBe(cold.compilationHash);
  });

  it("a production build never takes a client made under the test runner's NODE_ENV", async () => {
    const chunks = (dir: string) => readdirSync(path.join(dir, '_ssg')).sort();
    const outDir = coldDir; // built with NODE_ENV=test: React's development build
    const development = chunks(outDir);
    const testEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      // another folder: not the shared store's development client
      const elsewhere = path.join(tempDir(), 'site');
      const production = await buildMini({ outDir: elsewhere });
      expect(production.reused.client).toBe(false);
      expect(chunks(elsewhere)).not.toEqual(development);
      // the same folder: not its own last (development) client either (whose chunks it keeps
      // beside the new ones for tabs still open)
      await buildMini({ outDir });
      expect(chunks(outDir)).toEqual(expect.arrayContaining(chunks(elsewhere)));
    } finally {
      process.env.NODE_ENV = testEnv;
    }
  });

  it('re-renders only the page whose content changed, and writes what a build from scratch writes', async () => {
    const content = contentCopy();
    const outDir = path.join(tempDir(), 'site');
    const scratchDir = path.join(tempDir(), 'site');
    await buildFromScratch({ outDir, contentDir: content });
    await buildFromScratch({ outDir: scratchDir, contentDir: content });
    editContent(content, (json) => {
      must((json.pages as Array<{ body: string }>)[0]).body = 'Somos uma clínica maior.';
    });

    const warm = await buildMini({ outDir, contentDir: content });
    expect(warm.reused).toEqual({ pages: PAGES - 1, client: true, output: false, patched: false });
    expect(readFileSync(path.join(outDir, 'sobre/index.html'), 'utf8')).toContain(
      'Somos uma clínica maior.',
    );
    // Every page carries the new compilation hash, reused or not.
    const home = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(home).toContain(warm.compilationHash);

    const scratch = await buildFromScratch({ outDir: scratchDir, contentDir: content });
    expect(scratch.compilationHash).toBe(warm.compilationHash);
    expect(snapshot(outDir)).toEqual(snapshot(scratchDir));
  });

  it('re-renders the pages that used a static query whose result changed', async () => {
    const content = contentCopy();
    const outDir = path.join(tempDir(), 'site');
    await buildFromScratch({ outDir, contentDir: content });
    editContent(content, (json) => {
      json.name = 'Mini Clínica Nova';
    });
    const warm = await buildMini({ outDir, contentDir: content });
    // The name is in the static query every page's frame or footer reads.
    expect(warm.reused.pages).toBeLessThan(PAGES);
    for (const file of ['index.html', 'sobre/index.html', '404.html'])
      expect(readFileSync(path.join(outDir, file), 'utf8')).toContain('Mini Clínica Nova');
    const scratchDir = path.join(tempDir(), 'site');
    await buildFromScratch({ outDir: scratchDir, contentDir: content });
    // Only the record of kept builds differs: the scratch folder had no earlier build.
    const strip = (s: Record<string, string>) => {
      const { '_ssg-host/builds.json': _, ...rest } = s;
      return rest;
    };
    expect(strip(snapshot(outDir))).toEqual(strip(snapshot(scratchDir)));
  });

  it('writes the whole output again when a file in it was changed or added by hand', async () => {
    const outDir = path.join(tempDir(), 'site');
    await buildFromScratch({ outDir });
    const before = snapshot(outDir);
    writeFileSync(path.join(outDir, 'sobre/index.html'), 'edited by hand');
    writeFileSync(path.join(outDir, 'servicos/stale.txt'), 'from somewhere else');
    const warm = await buildMini({ outDir });
    expect(warm.reused.output).toBe(false);
    expect(snapshot(outDir)).toEqual(before);
  });

  it('leaves the output of a warm build intact when the next build fails', async () => {
    const content = contentCopy();
    const outDir = path.join(tempDir(), 'site');
    await buildFromScratch({ outDir, contentDir: content });
    await buildMini({ outDir, contentDir: content });
    const before = snapshot(outDir);
    writeFileSync(path.join(content, 'site.json'), '{ "name": "broken", ');
    const failure = await buildMini({ outDir, contentDir: content }).catch((e: unknown) => e);
    expect((failure as SsgError).code).toBe('CONTENT_INVALID');
    expect(snapshot(outDir)).toEqual(before);
  });

  it('keeps the previous cache whole when a build fails while its pages were being saved', async () => {
    const content = contentCopy();
    const outDir = path.join(tempDir(), 'site');
    await buildFromScratch({ outDir, contentDir: content });
    const cacheFile = cacheFileOf({ root: ROOT, outDir });
    const cache = readFileSync(cacheFile, 'utf8');
    // a page rendered anew, whose data is then too large: emit stops the build after render
    editContent(content, (json) => {
      must((json.pages as Array<{ body: string }>)[0]).body = 'x'.repeat(600 * 1024);
    });
    const failure = await buildMini({ outDir, contentDir: content }).catch((e: unknown) => e);
    expect((failure as SsgError).code).toBe('PAGE_DATA_TOO_LARGE');
    expect(readFileSync(cacheFile, 'utf8')).toBe(cache);
    expect(existsSync(`${cacheFile}.${process.pid}`)).toBe(false);
  });
});

describe('render worker threads', () => {
  // the site's code loaded once for the two tests that render with it
  let loaded: Awaited<ReturnType<typeof loadMiniSite>>;
  beforeAll(async () => {
    loaded = await loadMiniSite();
  });

  it('render what the main thread renders, in the order asked, whichever thread took a page', async () => {
    const mod = await must(loaded.browser.components.page)();
    const staticQueryResults = Object.fromEntries(
      loaded.site.staticQueries.map((q) => [q.hash, { name: 'Mini', tagline: 'Cuidado' }]),
    );
    const input = { staticQueryResults, trailingSlash: 'always' as const };
    const jobs: PageJob[] = Array.from({ length: 7 }, (_, i) => ({
      component: 'page',
      pageData: {
        componentChunkName: 'component---page',
        path: `/p${i}/`,
        result: { data: { slug: `p${i}`, title: `Página ${i}`, body: 'Texto.' }, pageContext: {} },
        staticQueryHashes: [],
        slicesMap: {},
      },
    }));
    const sliceHtml = new Map([['footer', '<footer>rodapé</footer>']]);
    const renderHere = (job: PageJob) =>
      loaded.render.renderPage(job.pageData, mod, sliceHtml, input, loaded.browser.layout);
    const options = { entry: must(loaded.serverEntry), sliceHtml, input, renderHere, batch: 2 };
    const inWorkers = await renderInParallel(jobs, { ...options, workers: 2, mainThread: false });
    expect(inWorkers).toEqual(jobs.map(renderHere));
    expect(inWorkers[6]?.html).toContain('Página 6');
  });

  it('name the page whose render failed in a worker', async () => {
    const input = { staticQueryResults: {}, trailingSlash: 'always' as const };
    const broken: PageJob = {
      component: 'page',
      pageData: {
        componentChunkName: 'component---page',
        path: '/quebrada/',
        result: { data: null, pageContext: {} },
        staticQueryHashes: [],
        slicesMap: {},
      },
    };
    const failure = await renderInParallel([broken], {
      entry: must(loaded.serverEntry),
      sliceHtml: new Map(),
      input,
      renderHere: () => {
        throw new Error('not on the main thread');
      },
      workers: 1,
      mainThread: false,
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SsgError);
    expect((failure as SsgError).code).toBe('RENDER_FAILED');
    expect((failure as SsgError).message).toContain('/quebrada/');
  });

  it('give a build the same output as rendering on the main thread only', async () => {
    const mainOnly = path.join(tempDir(), 'site');
    vi.mocked(startWorker).mockClear();
    await buildFromScratch({ outDir: mainOnly }, { renderWorkers: 0 });
    expect(renderThreads()).toBe(0);
    const withWorkers = path.join(tempDir(), 'site');
    await buildFromScratch({ outDir: withWorkers }, { renderWorkers: 2 });
    // the switch passed, not an environment variable, starts them
    expect(renderThreads()).toBe(2);
    expect(snapshot(withWorkers)).toEqual(snapshot(mainOnly));
  });
});
