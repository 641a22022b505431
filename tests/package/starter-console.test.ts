// Real: `ssg init`'s starter, the compiled CLI's build, `ssg serve` and `ssg dev` (Vite), Debian Chromium. Faked: npm install (the workspace's packages are linked into the site's node_modules).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, dev, serve } from '@ssg/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentRequests,
  hydrated,
  type LaunchedBrowser,
  launchChromium,
  recordPage,
} from '../support/browser.ts';
import { cleanVisits, type PageToVisit, visitAll } from '../support/page-visits.ts';
import { REPO } from '../support/site-build.ts';

const CLI_DIR = path.join(REPO, 'packages/ssg-cli');

/** What `npm install` gives the new site: @ssg/cli, React and zod, from the workspace. */
function linkDependencies(site: string): void {
  const dirOf = (name: string, from: string) =>
    path.dirname(createRequire(path.join(from, 'x.js')).resolve(`${name}/package.json`));
  const link = (name: string, target: string) => {
    const at = path.join(site, 'node_modules', name);
    mkdirSync(path.dirname(at), { recursive: true });
    symlinkSync(realpathSync(target), at, 'dir');
  };
  link('@ssg/cli', CLI_DIR);
  for (const name of ['react', 'react-dom', 'zod']) link(name, dirOf(name, CLI_DIR));
}

/** The starter's pages a visitor opens by address (the 404 page at an unknown path), and the status each answers with. */
const PAGES: PageToVisit[] = [
  { path: '/', status: 200 },
  { path: '/about/', status: 200 },
  { path: '/posts/hello-markdown/', status: 200 },
  { path: '/no-such-page/', status: 404 },
];

const CLEAN = cleanVisits(PAGES);

describe('the starter in Chromium: no console error and no failed request on any page', () => {
  let site: string;
  let chromium: LaunchedBrowser;

  beforeAll(async () => {
    site = path.join(mkdtempSync(path.join(tmpdir(), 'ssg-starter-')), 'site');
    execFileSync(process.execPath, [path.join(CLI_DIR, 'bin/ssg.mjs'), 'init', site], {
      stdio: 'pipe',
    });
    linkDependencies(site);
    chromium = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await chromium?.close();
  });

  it('under ssg serve, on a first visit to every page', async () => {
    const result = await build({ root: site });
    const server = await serve({ dir: result.outDir, port: 0, host: '127.0.0.1' });
    try {
      expect(await visitAll(chromium, server.url, PAGES)).toEqual(CLEAN);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('under ssg serve, a click goes to the Markdown page and back on the client, each showing its own HTML', async () => {
    const result = await build({ root: site });
    const server = await serve({ dir: result.outDir, port: 0, host: '127.0.0.1' });
    const page = await chromium.browser.newPage();
    const log = recordPage(page);
    try {
      await page.goto(server.url);
      await hydrated(page);
      await page.click('nav a[href="/posts/hello-markdown/"]');
      await page.waitForFunction(
        () => document.querySelector('main h1')?.textContent === 'Hello from Markdown',
      );
      // the body the build rendered from Markdown, brought by the page-data: no code of it runs
      expect(await page.$eval('main ssg-static strong', (e) => e.textContent)).toBe('Markdown');
      await page.goBack();
      await page.waitForFunction(
        () => document.querySelector('main h1')?.textContent === 'Welcome',
      );
      await page.click('nav a[href="/posts/hello-markdown/"]');
      await page.waitForFunction(() => location.pathname === '/posts/hello-markdown/');
      expect(await page.$eval('main article h1', (e) => e.textContent)).toBe('Hello from Markdown');
      // one document load: every move after it was a client navigation
      expect(documentRequests(log)).toEqual(['/']);
      expect(log.errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  }, 120_000);

  it('under ssg dev, on a first visit to every page', async () => {
    const server = await dev({ root: site, port: 0 });
    try {
      expect(await visitAll(chromium, server.url, PAGES)).toEqual(CLEAN);
    } finally {
      await server.close();
    }
  }, 120_000);

  it("under ssg dev on the address ssg serve used, the serve build's service worker removes itself", async () => {
    const result = await build({ root: site });
    const served = await serve({ dir: result.outDir, port: 0, host: '127.0.0.1' });
    const page = await chromium.browser.newPage();
    try {
      await page.goto(served.url, { waitUntil: 'networkidle0' });
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
    } finally {
      await served.close();
    }
    const server = await dev({ root: site, port: served.port, strictPort: true });
    try {
      // the visit checks the worker for an update: dev's /sw.js is the one that unregisters
      await page.goto(server.url, { waitUntil: 'networkidle0' });
      await page.waitForFunction(
        async () => (await navigator.serviceWorker.getRegistrations()).length === 0,
      );
      // the next load comes from dev, no longer through the old worker
      await page.reload({ waitUntil: 'networkidle0' });
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    } finally {
      await page.close();
      await server.close();
    }
  }, 120_000);
});
