// Real: build() of the mini fixture site, Debian's nginx with the generated snippet, Debian Chromium, the workbox service worker. Faked: the network going away (DevTools offline emulation of the page and of the worker).
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
  goOffline,
  hydrated,
  launchWith,
  miniSiteCopy,
  tempOut,
  workerBuild,
} from './helpers.ts';

const OFFLINE_MESSAGE = 'Content is now available offline!';
const INSECURE_MESSAGE =
  'Service workers can only be used over HTTPS, or on localhost for development';
const REDUNDANT_MESSAGE = 'The installing service worker became redundant.';

const texts = (log: PageLog) => log.console.map((m) => m.text);
/** Resolves once the page printed `text`; fails after 10 s. */
async function logged(log: PageLog, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!texts(log).includes(text)) {
    if (Date.now() > deadline)
      throw new Error(`"${text}" was not logged; the page logged: ${JSON.stringify(texts(log))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const h1 = (page: Page) => page.$eval('h1', (e) => e.textContent);

describe('after a first visit, offline', () => {
  let chromium: LaunchedBrowser;
  let nginx: RunningNginx;

  beforeAll(async () => {
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await nginx?.stop();
  });

  it('the worker says the build it belongs to; reload works offline; unknown pages get the offline message', async () => {
    const site = miniSiteCopy();
    const outDir = tempOut();
    const first = await buildMini({ ...site, outDir });
    nginx = await startNginx(outDir);
    const page = await chromium.browser.newPage();
    const log = recordPage(page);

    const started = performance.now();
    await page.goto(`${nginx.url}sobre/`, { waitUntil: 'networkidle0' });
    await hydrated(page);
    await controlled(page);
    const offlineReadyMs = performance.now() - started;
    await logged(log, OFFLINE_MESSAGE);
    expect(await workerBuild(page)).toEqual({
      type: 'SSG_BUILD',
      compilationHash: first.compilationHash,
    });

    // a deploy adds /novo/ after this visitor's worker was installed
    editJson<{ pages: unknown[] }>(path.join(site.contentDir, 'site.json'), (c) => ({
      ...c,
      pages: [...c.pages, { slug: 'novo', title: 'Novidade', body: 'Página nova.' }],
    }));
    await buildMini({ ...site, outDir });

    await goOffline(chromium.browser, page);
    // DevTools' offline emulation covers the page and its worker, not the browser's own update
    // check of sw.js after a navigation: the server goes too, as it would for a visitor offline
    await nginx.stop();

    // the page seen: HTML, data and chunks of the visitor's build, hydrated
    const reload = await page.reload({ waitUntil: 'networkidle0' });
    expect(reload?.status()).toBe(200);
    expect(reload?.fromServiceWorker()).toBe(true);
    expect(await h1(page)).toBe('Sobre nós');
    await hydrated(page);

    // a page of the same build the visitor never opened: precached with the build
    const unvisited = await page.goto(`${nginx.url}servicos/`, { waitUntil: 'networkidle0' });
    expect(unvisited?.status()).toBe(200);
    expect(await h1(page)).toBe('Serviços');

    // pages the worker has no copy of: a newer deploy's page, a mistyped URL
    for (const url of ['novo/', 'nao-existe/']) {
      const res = await page.goto(`${nginx.url}${url}`, { waitUntil: 'networkidle0' });
      expect(res?.status(), url).toBe(503);
      expect(await h1(page), url).toBe('You are offline');
      expect(await page.$eval('html', (e) => e.lang)).toBe('en');
      expect(await page.evaluate(() => document.body.textContent), url).toContain(
        'Check your connection',
      );
    }
    expect(log.errors).toEqual([]);
    console.info(
      `[figures] first visit → controlled by the worker: ${offlineReadyMs.toFixed(0)} ms`,
    );
    await page.close();
  });
});

describe('service worker messages, as the specification writes them', () => {
  it('logs the insecure-origin message on plain http outside localhost, and registers nothing', async () => {
    const outDir = tempOut();
    await buildMini({ outDir });
    const nginx = await startNginx(outDir);
    // a name that is not localhost, resolved to the loopback server: http there is not a secure context
    const browser = await launchWith(['--host-resolver-rules=MAP ssg-insecure.test 127.0.0.1']);
    try {
      const page = await browser.browser.newPage();
      const log = recordPage(page);
      await page.goto(`http://ssg-insecure.test:${nginx.port}/`, { waitUntil: 'networkidle0' });
      await hydrated(page);
      await logged(log, INSECURE_MESSAGE);
      expect(texts(log)).not.toContain(OFFLINE_MESSAGE);
      expect(nginx.accessLog().some((line) => line.startsWith('GET /sw.js'))).toBe(false);
    } finally {
      await browser.close();
      await nginx.stop();
    }
  });

  it('logs the redundant message when the worker cannot precache its build', async () => {
    const outDir = tempOut();
    await buildMini({ outDir });
    rmSync(path.join(outDir, '500.html')); // a precached file gone: install fails
    const nginx = await startNginx(outDir);
    const chromium = await launchChromium();
    try {
      const page = await chromium.browser.newPage();
      const log = recordPage(page);
      await page.goto(nginx.url, { waitUntil: 'networkidle0' });
      await hydrated(page);
      await logged(log, REDUNDANT_MESSAGE);
      expect(texts(log)).toContain(REDUNDANT_MESSAGE);
      expect(texts(log)).not.toContain(OFFLINE_MESSAGE);
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    } finally {
      await chromium.close();
      await nginx.stop();
    }
  });
});
