// Real: build() runs of a copy of the mini fixture site into one folder, Debian's nginx with the generated snippet, Debian Chromium with the site's service worker. Faked: nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  documentRequests,
  type LaunchedBrowser,
  launchChromium,
  type PageLog,
  recordPage,
} from '../support/browser.ts';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { buildMini, editJson, hydrated, miniSiteCopy, tempOut } from './helpers.ts';

let chromium: LaunchedBrowser;
let nginx: RunningNginx | undefined;

beforeAll(async () => {
  chromium = await launchChromium();
});
afterEach(async () => {
  await nginx?.stop();
  nginx = undefined;
});
afterAll(async () => {
  await chromium?.close();
});

type Site = { root: string; contentDir: string };

/** The text of every page: `Texto <version> de <slug>` (content only: the code stays). */
const setText = (site: Site, version: string) =>
  editJson<{ pages: Array<{ slug: string; body: string }> }>(
    path.join(site.contentDir, 'site.json'),
    (c) => ({ ...c, pages: c.pages.map((p) => ({ ...p, body: `Texto ${version} de ${p.slug}` })) }),
  );

/** A change of the page component's code: its chunk, and the compilation hash, change. */
const setCode = (site: Site, version: string) => {
  const file = path.join(site.root, 'src/pages/page.tsx');
  writeFileSync(
    file,
    readFileSync(file, 'utf8')
      .replace(/\n {6}<p data-build="[^"]*">[^<]*<\/p>/, '')
      .replace(
        '<p>{data.body}</p>',
        `<p>{data.body}</p>\n      <p data-build="${version}">versão ${version}</p>`,
      ),
  );
};

/** The paragraphs the visitor sees in `main` (the pages rendered ahead or kept for Back are hidden). */
const seen = (page: Page) =>
  page.$$eval('main p', (ps) =>
    ps
      .filter((p) => p.checkVisibility())
      .map((p) => p.textContent)
      .join('\n'),
  );

/** Waits until the page shown is `path` and a visible paragraph names `slug`. */
const showing = (page: Page, path: string, slug: string) =>
  page.waitForFunction(
    (p, s) =>
      location.pathname === p &&
      [...document.querySelectorAll('main p')].some(
        (e) => e.checkVisibility() && e.textContent?.includes(`de ${s}`),
      ),
    {},
    path,
    slug,
  );

/** Build A served by nginx; a tab opened on `start` whose pointer rests on the /sobre/ link. */
async function tabOnBuildA(site: Site, start: string, ahead: string) {
  const outDir = tempOut();
  const a = await buildMini({ ...site, outDir });
  nginx = await startNginx(outDir);
  const context = await chromium.browser.createBrowserContext();
  const page = await context.newPage();
  const log = recordPage(page);
  await page.goto(nginx.url + start.slice(1), { waitUntil: 'networkidle0' });
  await hydrated(page);
  await page.hover('header a[href="/sobre/"]');
  // loaded and rendered ahead, hidden, from build A: a paragraph saying `ahead`
  await page.waitForFunction(
    (text) => [...document.querySelectorAll('main p')].some((p) => p.textContent === text),
    {},
    ahead,
  );
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  return { outDir, page, log, hashA: a.compilationHash };
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/**
 * The answers app-data gave before the deploy grow older than a navigation trusts (the loader's
 * APP_DATA_FRESH_MS, 1 s): as when a visitor reads a while before clicking.
 */
const later = () => new Promise((resolve) => setTimeout(resolve, 1100));

const appDataRequests = (log: PageLog) =>
  log.requests.filter((r) => r.url.endsWith('/page-data/app-data.json')).length;

describe('a tab open across a deploy', () => {
  it('new text under the same code: the click shows the new text without a reload, and so does Back', async () => {
    const site = miniSiteCopy();
    setText(site, 'A');
    const { outDir, page, log, hashA } = await tabOnBuildA(site, '/servicos/', 'Texto A de sobre');
    expect(await seen(page)).toContain('Texto A de servicos');

    setText(site, 'B');
    const b = await buildMini({ ...site, outDir });
    expect(b.compilationHash).toBe(hashA);
    await later();
    const asked = appDataRequests(log);

    const clicked = performance.now();
    await page.click('header a[href="/sobre/"]');
    await showing(page, '/sobre/', 'sobre');
    const shownMs = performance.now() - clicked;
    expect(await seen(page)).toContain('Texto B de sobre');
    expect(await seen(page)).not.toContain('Texto A');

    await page.goBack();
    await showing(page, '/servicos/', 'servicos');
    expect(await seen(page)).toContain('Texto B de servicos');
    expect(await sameDocument(page)).toBe(true);
    expect(documentRequests(log)).toEqual(['/servicos/']);
    expect(log.errors).toEqual([]);
    console.info(
      `[figures] new text, same code: click → new text ${shownMs.toFixed(0)} ms; ${appDataRequests(log) - asked} app-data request(s) for the click and Back`,
    );
  });

  it('new code after the target was prefetched and rendered ahead: the first click is one full load of the new build', async () => {
    const site = miniSiteCopy();
    setCode(site, 'A');
    const { outDir, page, log, hashA } = await tabOnBuildA(site, '/', 'versão A');

    setCode(site, 'B');
    const b = await buildMini({ ...site, outDir });
    expect(b.compilationHash).not.toBe(hashA);
    await later();

    const clicked = performance.now();
    await page.click('header a[href="/sobre/"]');
    await page.waitForFunction(
      () => document.querySelector('[data-build]')?.textContent === 'versão B',
      { timeout: 15_000 },
    );
    const landedMs = performance.now() - clicked;
    await hydrated(page);
    expect(
      await page.$eval('meta[name="ssg-compilation-hash"]', (e) => e.getAttribute('content')),
    ).toBe(b.compilationHash);
    // settle: a reload loop would show as more document requests
    await new Promise((r) => setTimeout(r, 1500));
    expect(documentRequests(log)).toEqual(['/', '/sobre/']);
    expect(log.errors).toEqual([]);
    console.info(`[figures] new code: click → new build's page shown ${landedMs.toFixed(0)} ms`);
  });
});
