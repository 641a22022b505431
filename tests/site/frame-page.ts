// The frame's pages opened in Chromium with their tracking, history, clicks and delay signals
// timestamped in the page (shared by frame.test.ts and delayed-route.test.ts).
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { type LaunchedBrowser, launchChromium } from '../support/browser.ts';
import { clinicBuild, serveBuild } from '../support/site-build.ts';

export const PHONE = { width: 390, height: 844 };

export interface Recorded {
  /** gtag calls as pushed onto window.dataLayer, with the time of the push. */
  gtag: Array<{ at: number; args: unknown[] }>;
  /** When history.pushState ran: the moment a client navigation changes the address. */
  pushes: Array<{ at: number; url: string }>;
  delayed: Array<{ at: number; pathname: string }>;
  clicks: number[];
  loadedAt: number;
}

/**
 * A fresh page at phone size whose dataLayer, history.pushState, clicks and
 * `ssg:route-delayed` events are timestamped (performance.now()) for the assertions.
 */
export async function openPage(
  chromium: LaunchedBrowser,
  base: string,
  path = '/',
  before?: (page: Page) => Promise<void>,
): Promise<Page> {
  const page = await chromium.browser.newPage();
  await page.setViewport(PHONE);
  await before?.(page);
  await page.evaluateOnNewDocument(() => {
    const rec: Recorded = { gtag: [], pushes: [], delayed: [], clicks: [], loadedAt: 0 };
    (window as unknown as { __rec: Recorded }).__rec = rec;
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...items: unknown[]) => {
      for (const item of items)
        rec.gtag.push({ at: performance.now(), args: Array.from(item as ArrayLike<unknown>) });
      return push(...items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
    const pushState = history.pushState.bind(history);
    history.pushState = (data, unused, url) => {
      rec.pushes.push({ at: performance.now(), url: String(url) });
      pushState(data, unused, url);
    };
    window.addEventListener('ssg:route-delayed', (e) =>
      rec.delayed.push({ at: performance.now(), pathname: (e as CustomEvent).detail.pathname }),
    );
    document.addEventListener('click', () => rec.clicks.push(performance.now()), true);
    window.addEventListener('ssg:hydrated', () => {
      rec.loadedAt = performance.now();
    });
  });
  await page.goto(new URL(path, base).href, { waitUntil: 'load' });
  await page.waitForSelector('#___ssg[data-hydrated="true"]');
  return page;
}

export const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __rec: Recorded }).__rec);

/**
 * The vet brand's build served by `ssg serve` and one Chromium, set up before the calling file's
 * tests and closed after them: `open` is `openPage` on that server.
 */
export function servedVet() {
  let chromium: LaunchedBrowser | undefined;
  let server: Awaited<ReturnType<typeof serveBuild>> | undefined;
  beforeAll(async () => {
    const result = await clinicBuild('vet');
    server = await serveBuild(result.outDir);
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });
  const ready = () => {
    if (!chromium || !server) throw new Error('servedVet() is used before its beforeAll ran');
    return { chromium, url: server.url };
  };
  return {
    open: (path?: string, before?: (page: Page) => Promise<void>): Promise<Page> =>
      openPage(ready().chromium, ready().url, path, before),
    browser: (): Browser => ready().chromium.browser,
  };
}
