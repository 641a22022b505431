// Real: build() of the clinic site with the worker-idle strategy, Debian's nginx with the generated snippet and policy, Debian Chromium with our service worker, a second local origin serving the tag. Faked: the tag (a gtag-like script that reports each dataLayer entry) and Google's origin, rewritten to the second origin in the built files.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientNavigate, type LaunchedBrowser, launchChromium } from '../support/browser.ts';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { clinicWithTag, sightingName, startThirdParty } from '../support/third-party.ts';

let chromium: LaunchedBrowser;
let nginx: RunningNginx;
let tag: Awaited<ReturnType<typeof startThirdParty>>;

beforeAll(async () => {
  tag = await startThirdParty();
  nginx = await startNginx(await clinicWithTag('worker-idle', tag.origin));
  chromium = await launchChromium();
}, 300_000);
afterAll(async () => {
  await chromium?.close();
  await nginx?.stop();
  await tag?.close();
});

const LOADED = { waitUntil: 'networkidle2' } as const;

async function freshPage(): Promise<{ page: Page; violations: string[] }> {
  const context = await chromium.browser.createBrowserContext();
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return { page, violations };
}

const mainThreadMarker = (page: Page) =>
  page.evaluate(() => typeof (window as { __fakeGtagRan?: unknown }).__fakeGtagRan);

describe('Script strategy worker-idle, a tag on another origin', () => {
  it('runs the tag in a worker that sees every page_view and click_navigate, never on the main thread, beside our service worker', async () => {
    tag.sightings.length = 0;
    tag.serve('worker-ready');
    const { page, violations } = await freshPage();
    await page.goto(nginx.url, LOADED);
    await tag.sighted('page_view {"page_path":"/"}');
    await clientNavigate(page, '/servicos/');
    await tag.sighted('click_navigate {"href":"/servicos/"}');
    await tag.sighted('page_view {"page_path":"/servicos/"}');
    // a second load under our service worker's control: the tag still loads and reports
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload(LOADED);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const reloads = () =>
      tag.sightings.filter((s) => sightingName(s) === 'page_view {"page_path":"/servicos/"}');
    await expect.poll(() => reloads().length, { timeout: 15_000 }).toBe(2);

    expect(tag.sightings.map((s) => s.ctx)).toEqual(
      tag.sightings.map(() => ({ window: 'undefined', document: 'undefined' })),
    );
    expect(await mainThreadMarker(page)).toBe('undefined');
    expect(
      await page.$$eval('script[src]', (s) => s.map((e) => (e as HTMLScriptElement).src)),
    ).not.toContain(expect.stringContaining(tag.origin));
    expect(violations).toEqual([]);
    await page.browserContext().close();
  });

  it('a tag that needs the DOM runs on the main thread when idle, and still sees every entry', async () => {
    tag.sightings.length = 0;
    tag.serve('dom');
    const { page, violations } = await freshPage();
    await page.goto(nginx.url, LOADED);
    const first = await tag.sighted('page_view {"page_path":"/"}');
    expect(first.ctx).toEqual({ window: 'object', document: 'object' });
    await clientNavigate(page, '/servicos/');
    await tag.sighted('click_navigate {"href":"/servicos/"}');
    await tag.sighted('page_view {"page_path":"/servicos/"}');
    expect(tag.sightings.map(sightingName).slice(0, 3)).toEqual([
      'js',
      'config',
      'page_view {"page_path":"/"}',
    ]);
    expect(await mainThreadMarker(page)).toBe('boolean');
    expect(violations).toEqual([]);
    await page.browserContext().close();
  });
});
