// Real: two and three build() runs of a copy of the mini fixture site into one folder, Debian's nginx with the generated snippet, Debian Chromium with the service worker. Faked: nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentRequests,
  type LaunchedBrowser,
  launchChromium,
  type PageLog,
  recordPage,
} from '../support/browser.ts';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import {
  buildMini,
  controlled,
  editJson,
  hydrated,
  launchWith,
  miniSiteCopy,
  rawGet,
  tempOut,
} from './helpers.ts';

let chromium: LaunchedBrowser;
let nginx: RunningNginx | undefined;

beforeAll(async () => {
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
  await nginx?.stop();
});

/** The `page` component's chunk that a build's /sobre/ HTML loads. */
const pageChunkOf = (outDir: string): string =>
  /"(\/_ssg\/page-[^"]+\.js)"/.exec(
    readFileSync(path.join(outDir, 'sobre/index.html'), 'utf8'),
  )?.[1] ?? '';

/** Changes the code of the page component (so its chunk gets a new name) and the content of /sobre/. */
function nextVersion(site: { root: string; contentDir: string }, version: string): void {
  const component = path.join(site.root, 'src/pages/page.tsx');
  writeFileSync(
    component,
    readFileSync(component, 'utf8')
      .replace(/<p data-build="[^"]*">[^<]*<\/p>\n/, '')
      .replace(
        '<p>{data.body}</p>',
        `<p>{data.body}</p>\n      <p data-build="${version}">versão ${version}</p>`,
      ),
  );
  editJson<{ pages: Array<{ slug: string; title: string }> }>(
    path.join(site.contentDir, 'site.json'),
    (c) => ({
      ...c,
      pages: c.pages.map((p) => (p.slug === 'sobre' ? { ...p, title: `Sobre nós ${version}` } : p)),
    }),
  );
}

/**
 * Build A served by nginx, a tab open on A's home page controlled by A's worker (and `ready` for
 * it); then build B into the same folder.
 */
async function visitThenDeploy(browser: Browser, ready?: (log: PageLog) => Promise<void>) {
  const site = miniSiteCopy();
  const outDir = tempOut();
  nextVersion(site, 'A');
  await buildMini({ ...site, outDir });
  const chunkA = pageChunkOf(outDir);
  nginx = await startNginx(outDir);
  const server = nginx;
  const page = await browser.newPage();
  const log = recordPage(page);
  await page.goto(server.url, { waitUntil: 'networkidle0' });
  await hydrated(page);
  await controlled(page);
  await ready?.(log);

  nextVersion(site, 'B');
  const b = await buildMini({ ...site, outDir });
  const chunkB = pageChunkOf(outDir);
  expect(chunkB).not.toBe(chunkA);
  // the open tab's code may still lazy-load A's chunk: it is kept
  expect((await rawGet(server.url, chunkA)).status).toBe(200);
  return { site, outDir, server, page, log, chunkA, chunkB, hashB: b.compilationHash };
}

/** The version the page shows, from its heading and from its page component's code. */
const shownVersion = (page: Page) =>
  page.evaluate(() => ({
    title: document.querySelector('h1')?.textContent,
    code: document.querySelector('[data-build]')?.textContent,
  }));

const reportState = async (page: Page, log: PageLog, server: RunningNginx, error: unknown) => {
  const state = await page.evaluate(() => ({
    url: location.href,
    html: document.body.innerHTML.slice(0, 400),
  }));
  const details = {
    state,
    documents: documentRequests(log),
    console: log.console,
    errors: log.errors,
    nginx: server.accessLog().slice(-20),
  };
  return new Error(`${error}\n${JSON.stringify(details, null, 1)}`);
};

/** Two or three builds and a visit: a guard for a hung test on a loaded machine, no time asserted. */
const DEPLOY_TIMEOUT = 180_000;

describe('a deploy in the middle of a visit', () => {
  it(
    'a page not loaded before the deploy: the click lands on the new build, one full load, no error, no loop',
    async () => {
      // on 2G the loader prefetches nothing (spec §9), so the click is the first request for /sobre/
      const slow = await launchWith(['--force-effective-connection-type=2G']);
      try {
        const { server, page, log, chunkA, chunkB, site, outDir, hashB } = await visitThenDeploy(
          slow.browser,
        );
        const clicked = performance.now();
        await page.click('a[href="/sobre/"]');
        await page
          .waitForFunction(
            () => document.querySelector('[data-build]')?.textContent === 'versão B',
            {
              timeout: 15_000,
            },
          )
          .catch(async (error) => {
            throw await reportState(page, log, server, error);
          });
        const landedMs = performance.now() - clicked;
        expect(await shownVersion(page)).toEqual({ title: 'Sobre nós B', code: 'versão B' });
        await hydrated(page);
        expect(
          await page.$eval('meta[name="ssg-compilation-hash"]', (e) => e.getAttribute('content')),
        ).toBe(hashB);
        // settle: a reload loop would show as more document requests
        await new Promise((r) => setTimeout(r, 1500));
        expect(documentRequests(log)).toEqual(['/', '/sobre/']);
        expect(log.errors).toEqual([]);
        expect(
          log.console.filter((m) => m.type === 'error' && !/status of 404/.test(m.text)),
        ).toEqual([]);
        expect(
          server.accessLog().filter((line) => line.includes('/_ssg/') && line.endsWith(' 404')),
        ).toEqual([]);
        console.info(
          `[figures] click on the old build → new build's page shown: ${landedMs.toFixed(0)} ms`,
        );

        // a third build: A's chunks go (keepBuilds 2 = this build and the previous one), B's stay
        nextVersion(site, 'C');
        await buildMini({ ...site, outDir });
        expect((await rawGet(server.url, chunkA)).status).toBe(404);
        expect((await rawGet(server.url, chunkB)).status).toBe(200);
      } finally {
        await slow.close();
        await nginx?.stop();
        nginx = undefined;
      }
    },
    DEPLOY_TIMEOUT,
  );

  it(
    'a page prefetched before the deploy: the click shows one whole build, no error, no loop; the next load is the new build',
    async () => {
      // the deploy comes once the tab has prefetched /sobre/'s data from A (a loaded CPU may be late)
      const sobreData = (tab: PageLog) =>
        tab.requests.some((r) => new URL(r.url).pathname === '/page-data/sobre/page-data.json');
      const { server, page, log } = await visitThenDeploy(chromium.browser, (tab) =>
        expect.poll(() => sobreData(tab), { timeout: 15_000 }).toBe(true),
      );
      await page.click('a[href="/sobre/"]');
      await page.waitForFunction(
        () => location.pathname === '/sobre/' && document.querySelector('[data-build]'),
        { timeout: 15_000 },
      );
      await new Promise((r) => setTimeout(r, 1500));
      const shown = await shownVersion(page);
      // never a mix (B's data in A's component or the reverse), never a blank page
      expect([
        { title: 'Sobre nós A', code: 'versão A' },
        { title: 'Sobre nós B', code: 'versão B' },
      ]).toContainEqual(shown);
      expect(log.errors).toEqual([]);
      expect(documentRequests(log).length).toBeLessThanOrEqual(2);
      await page.reload({ waitUntil: 'networkidle0' });
      expect(await shownVersion(page)).toEqual({ title: 'Sobre nós B', code: 'versão B' });
      expect(
        server.accessLog().filter((line) => line.includes('/_ssg/') && line.endsWith(' 404')),
      ).toEqual([]);
      console.info(`[figures] prefetched before the deploy, the click showed build ${shown.code}`);
    },
    DEPLOY_TIMEOUT,
  );
});
