// Real: `build()` of the clinic site, Debian Chromium, the site's own loader and React glue.
// Faked: the host — a Node server of the tests that injects statuses, missing chunks and new
// compilation hashes on chosen URLs; navigator.connection for save-data and 2g.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, it as base, beforeAll, describe, expect } from 'vitest';
import {
  documentRequests,
  type LaunchedBrowser,
  launchChromium,
  type PageLog,
  recordPage,
} from '../support/browser.ts';
import { type FaultAnswer, type FaultServer, startFaultServer } from '../support/fault-server.ts';
import { clinicBuild } from '../support/site-build.ts';

let chromium: LaunchedBrowser;
let outDir: string;
let hash: string;
const heading: Record<string, string> = {};

const pd = (name: string) => `/page-data/${name}/page-data.json`;
const NOT_RENDERING = (p: string) => `page resources for ${p} not found. Not rendering React`;

beforeAll(async () => {
  const result = await clinicBuild('vet');
  outDir = result.outDir;
  const read = (f: string) => readFileSync(path.join(outDir, f), 'utf8');
  for (const [name, file] of Object.entries({
    home: 'index.html',
    servicos: 'servicos/index.html',
    galeria: 'galeria/index.html',
    notFound: '404.html',
    error: '500.html',
  })) {
    heading[name] = (/<h1[^>]*>(.*?)<\/h1>/s.exec(read(file))?.[1] ?? '').replace(/<[^>]+>/g, '');
  }
  hash = (JSON.parse(read('page-data/app-data.json')) as { compilationHash: string })
    .compilationHash;
  chromium = await launchChromium();
});

afterAll(async () => {
  await chromium?.close();
});

interface Visit {
  page: Page;
  log: PageLog;
}

type VisitFn = (
  p: string,
  setup?: (page: Page) => Promise<void>,
  opts?: { hydrate?: boolean; height?: number },
) => Promise<Visit>;

/**
 * Each test has a host of its own (its faults, rewrites and request log) and its own browser
 * contexts, so the tests run concurrently (two at a time: the project's maxConcurrency): most of
 * their time is the loader's waits (retries, the 3000 ms prefetch gap, reloads), which then
 * overlap instead of adding up.
 */
const it = base.extend<{ host: FaultServer; visit: VisitFn }>({
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
  host: async ({}, use) => {
    const host = await startFaultServer(outDir);
    // the site's service worker precaches every page's data on install, which would blur which
    // requests the loader made: these tests run without it
    host.fault('/sw.js', () => ({ status: 404 }));
    await use(host);
    await host.close();
  },
  visit: async ({ host }, use) => {
    const contexts: BrowserContext[] = [];
    // a fresh visitor (own context, no service worker) opening `p`
    await use(async (p, setup = async () => {}, opts = {}) => {
      const context = await chromium.browser.createBrowserContext();
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(GUARD_MS);
      await page.setBypassServiceWorker(true);
      await page.setViewport({ width: 1000, height: opts.height ?? 700 });
      const log = recordPage(page);
      await setup(page);
      await page.goto(host.url + p, { waitUntil: 'load' });
      if (opts.hydrate !== false) await hydrated(page);
      return { page, log };
    });
    for (const context of contexts) await context.close();
  },
});

/**
 * Guards of a hung page, never a time asserted: two tests at once beside another file on a loaded
 * machine (load 38 seen) take twice a serial test's time, so the guards are twice theirs.
 */
const GUARD_MS = 60_000;
/** A test's guard: its page loads and the loader's waits, at that load. */
const TEST_GUARD = { timeout: 150_000 };

const hydrated = (page: Page) =>
  page.waitForSelector('#___ssg[data-hydrated="true"]', { timeout: GUARD_MS });
const h1 = (page: Page) => page.$eval('h1', (e) => e.textContent);
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
const gets = (host: FaultServer, p: string, method = 'GET') =>
  host.requests.filter((r) => r.path === p && r.method === method);

async function clickLink(page: Page, href: string) {
  const link = await page.$(`main a[href="${href}"]`);
  expect(link, `the home page body links to ${href}`).not.toBeNull();
  await link?.click();
}

const waitForConsole = (log: PageLog, text: string) =>
  expect
    .poll(() => log.console.map((m) => m.text), { timeout: GUARD_MS, interval: 100 })
    .toContain(text);

describe.concurrent('page-data faults', TEST_GUARD, () => {
  it('503 then 200: the retry succeeds and the visitor navigates on the client', async ({
    host,
    visit,
  }) => {
    host.fault(pd('servicos'), (r, n) =>
      r.method === 'GET' && n === 0 ? { status: 503 } : undefined,
    );
    const { page, log } = await visit('/');
    await markDocument(page);
    await clickLink(page, '/servicos/');
    await page.waitForFunction(
      (t) => document.querySelector('h1')?.textContent === t,
      {},
      heading.servicos,
    );
    expect(await sameDocument(page)).toBe(true);
    expect(documentRequests(log)).toEqual(['/']);
    expect(gets(host, pd('servicos')).map((r) => r.status)).toEqual([503, 200]);
  });

  it('503 forever: 4 attempts, then a full navigation; the server HTML stays usable', async ({
    host,
    visit,
  }) => {
    host.fault(pd('servicos'), () => ({ status: 503 }));
    const { page, log } = await visit('/');
    await markDocument(page);
    await clickLink(page, '/servicos/');
    await page.waitForFunction(() => window.location.pathname === '/servicos/');
    await waitForConsole(log, NOT_RENDERING('/servicos/'));
    expect(await h1(page)).toBe(heading.servicos);
    expect(await sameDocument(page)).toBe(false);
    expect(documentRequests(log)).toEqual(['/', '/servicos/']);
    // a series of 4 (1 + 3 retries) on the home page, 4 more at start on /servicos/
    const n = gets(host, pd('servicos')).length;
    expect(n % 4).toBe(0);
    expect(n).toBeGreaterThanOrEqual(8);
    expect(await page.$('#___ssg[data-hydrated="true"]')).toBeNull();
  });

  it('404 and HEAD 404: the 404 page renders on the client at the asked path', async ({
    host,
    visit,
  }) => {
    host.fault(pd('galeria'), () => ({ status: 404 }));
    host.fault('/galeria/', (r) => (r.method === 'HEAD' ? { status: 404 } : undefined));
    const { page, log } = await visit('/');
    await markDocument(page);
    await clickLink(page, '/galeria/');
    await page.waitForFunction(
      (t) => document.querySelector('h1')?.textContent === t,
      {},
      heading.notFound,
    );
    expect(await page.evaluate(() => window.location.pathname)).toBe('/galeria/');
    expect(await sameDocument(page)).toBe(true);
    expect(documentRequests(log)).toEqual(['/']);
    expect(gets(host, '/galeria/', 'HEAD')).toHaveLength(1);
    expect(gets(host, pd('404.html')).length).toBeGreaterThanOrEqual(1);
  });

  it('404 and HEAD 200: a full navigation to the HTML, which stays as the server sent it', async ({
    host,
    visit,
  }) => {
    host.fault(pd('galeria'), () => ({ status: 404 }));
    const { page, log } = await visit('/');
    await markDocument(page);
    await clickLink(page, '/galeria/');
    await page.waitForFunction(() => window.location.pathname === '/galeria/');
    await waitForConsole(log, NOT_RENDERING('/galeria/'));
    expect(await h1(page)).toBe(heading.galeria);
    expect(await sameDocument(page)).toBe(false);
    expect(documentRequests(log)).toEqual(['/', '/galeria/']);
    expect(gets(host, '/galeria/', 'HEAD').length).toBeGreaterThanOrEqual(1);
  });

  it('500: the 500 page renders on the client, without retries', async ({ host, visit }) => {
    host.fault(pd('servicos'), () => ({ status: 500 }));
    const { page, log } = await visit('/');
    await markDocument(page);
    await clickLink(page, '/servicos/');
    await page.waitForFunction(
      (t) => document.querySelector('h1')?.textContent === t,
      {},
      heading.error,
    );
    expect(await sameDocument(page)).toBe(true);
    expect(documentRequests(log)).toEqual(['/']);
    expect(gets(host, pd('servicos'))).toHaveLength(1);
    expect(gets(host, pd('500.html')).length).toBeGreaterThanOrEqual(1);
  });
});

describe.concurrent('a page chunk that cannot be loaded', TEST_GUARD, () => {
  const CHUNK = /^\/_ssg\/services-page[.-][^/]+\.js$/;
  it.for<[string, FaultAnswer]>([
    ['404', { status: 404 }],
    ['a network error', { status: 0 }],
  ])(
    "%s: back to the last known path once, then the target's server HTML, never a loop",
    async ([, answer], { host, visit }) => {
      host.fault(CHUNK, () => answer);
      const { page, log } = await visit('/');
      await markDocument(page);
      await clickLink(page, '/servicos/');
      // after the retries, a full navigation to the page that last rendered: the home page
      await expect
        .poll(() => documentRequests(log), { timeout: GUARD_MS, interval: 100 })
        .toEqual(['/', '/']);
      await hydrated(page);
      expect(await page.evaluate(() => window.location.pathname)).toBe('/');
      expect(await h1(page)).toBe(heading.home);
      expect(
        await page.evaluate(() => sessionStorage.getItem('ssg-chunk:component---services')),
      ).toBe('1');
      // the same chunk failing again this session: a full navigation to the target instead
      await clickLink(page, '/servicos/');
      await page.waitForFunction(() => window.location.pathname === '/servicos/', {
        timeout: GUARD_MS,
      });
      await waitForConsole(log, NOT_RENDERING('/servicos/'));
      await new Promise((r) => setTimeout(r, 1500)); // time for a loop, were there one
      expect(await h1(page)).toBe(heading.servicos);
      expect(documentRequests(log)).toEqual(['/', '/', '/servicos/']);
      expect(host.requests.some((r) => r.path.startsWith('/_ssg/services-page'))).toBe(true);
    },
  );
});

describe.concurrent('new deploys', TEST_GUARD, () => {
  it('app-data newer than the HTML at load: one reload, then the page works', async ({
    host,
    visit,
  }) => {
    host.rewrite('/page-data/app-data.json', () =>
      JSON.stringify({ compilationHash: 'next-build' }),
    );
    const { page, log } = await visit('/', undefined, { hydrate: false });
    await hydrated(page);
    await new Promise((r) => setTimeout(r, 1000));
    expect(documentRequests(log)).toEqual(['/', '/']);
    expect(await page.evaluate(() => sessionStorage.getItem('ssg-reload'))).toBe('next-build');
    expect(await h1(page)).toBe(heading.home);
  });

  it('a deploy during the visit: the next click is a full navigation to the new build', async ({
    host,
    visit,
  }) => {
    // save-data keeps the queue away, so the servicos data is first fetched on the click
    const { page, log } = await visit('/', saveData);
    await markDocument(page);
    host.rewrite('/page-data/app-data.json', () =>
      JSON.stringify({ compilationHash: 'next-build' }),
    );
    host.rewrite(/(\/|\.html)$/, (html) => html.replaceAll(hash, 'next-build'));
    await clickLink(page, '/servicos/');
    await page.waitForFunction(() => window.location.pathname === '/servicos/');
    await hydrated(page);
    expect(await h1(page)).toBe(heading.servicos);
    expect(await sameDocument(page)).toBe(false);
    expect(documentRequests(log)).toEqual(['/', '/servicos/']);
    expect(gets(host, '/page-data/app-data.json').length).toBeGreaterThanOrEqual(2);
  });
});

/** Pretends the Network Information API reports `info` before any script runs. */
const connection = (info: { effectiveType: string; saveData: boolean }) => async (page: Page) => {
  await page.evaluateOnNewDocument((i) => {
    Object.defineProperty(Navigator.prototype, 'connection', { get: () => i, configurable: true });
  }, info);
};
const saveData = connection({ effectiveType: '4g', saveData: true });

describe.concurrent('prefetching', TEST_GUARD, () => {
  const others = ['servicos', 'galeria', 'contato'].map(pd);
  const prefetched = (host: FaultServer) => host.requests.filter((r) => others.includes(r.path));
  const idle = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** The whole page in the viewport: every link on it is visible. */
  const showAll = async (page: Page) =>
    page.setViewport({
      width: 1000,
      height: await page.evaluate(() => document.documentElement.scrollHeight),
    });

  it('an ordinary visitor prefetches the linked pages without touching anything', async ({
    host,
    visit,
  }) => {
    const { page } = await visit('/');
    await showAll(page);
    await expect.poll(() => prefetched(host), { timeout: GUARD_MS }).toHaveLength(3);
  });

  // The three visitors wait out one batch gap side by side, each in its own context: a request of
  // one is told apart from the others' by its own page's log.
  it(
    'save-data, 2g and a bot: nothing is prefetched, and a click still navigates on the client',
    async ({ host, visit }) => {
      const visitors = {
        'save-data': saveData,
        '2g': connection({ effectiveType: '2g', saveData: false }),
        'a bot': (page: Page) =>
          page.setUserAgent(
            'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
          ),
      };
      const visits: Array<Visit & { who: string }> = [];
      for (const [who, setup] of Object.entries(visitors)) {
        const { page, log } = await visit('/', setup);
        await showAll(page);
        visits.push({ who, page, log });
      }
      await idle(4500); // longer than a batch and its 3000 ms gap
      const prefetchedBy = (log: PageLog) =>
        log.requests.map((r) => new URL(r.url).pathname).filter((p) => others.includes(p));
      expect(Object.fromEntries(visits.map((v) => [v.who, prefetchedBy(v.log)]))).toEqual({
        'save-data': [],
        '2g': [],
        'a bot': [],
      });
      expect(prefetched(host)).toEqual([]);
      for (const { who, page, log } of visits) {
        await markDocument(page);
        await clickLink(page, '/servicos/');
        await page.waitForFunction(
          (t) => document.querySelector('h1')?.textContent === t,
          {},
          heading.servicos,
        );
        expect(await sameDocument(page), who).toBe(true);
        expect(documentRequests(log), who).toEqual(['/']);
      }
    },
    3 * TEST_GUARD.timeout,
  ); // three visits: the guard of one, times three
});
