// Real: build() of the mini fixture site, `ssg serve`, Debian Chromium. Faked: nothing.

import type { ElementHandle } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchChromium, recordPage } from '../support/browser.ts';
import { buildMiniSite, serveBuild } from '../support/site-build.ts';

let chromium: LaunchedBrowser;
let server: Awaited<ReturnType<typeof serveBuild>>;

beforeAll(async () => {
  const result = await buildMiniSite();
  server = await serveBuild(result.outDir);
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

describe("the site's layout (defineBrowser({ layout }))", () => {
  it('stays mounted across client navigations: same DOM, state kept, new page inside', async () => {
    const page = await chromium.browser.newPage();
    const log = recordPage(page);
    await page.goto(server.url, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#___ssg[data-hydrated="true"]');
    const counter = 'header button';
    await page.click(counter);
    await page.click(counter);
    expect(await page.$eval(counter, (b) => b.textContent)).toBe('Cliques: 2');
    await page.evaluate(() => {
      (window as unknown as { __header: Element | null }).__header =
        document.querySelector('header');
    });

    await page.click('header a[href="/sobre/"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Sobre nós');
    expect(await page.$eval(counter, (b) => b.textContent)).toBe('Cliques: 2');
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { __header: Element | null }).__header ===
          document.querySelector('header'),
      ),
    ).toBe(true);
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Início');
    expect(await page.$eval(counter, (b) => b.textContent)).toBe('Cliques: 2');
    expect(log.errors).toEqual([]);
    await page.close();
  });
});

describe('a page the visitor is about to open', () => {
  it('is rendered ahead, hidden, while the pointer rests on its link, shown by the click; the page left is kept for Back', async () => {
    const page = await chromium.browser.newPage();
    const log = recordPage(page);
    await page.goto(server.url, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#___ssg[data-hydrated="true"]');
    const link = 'main a[href="/servicos/"]';
    await page.hover(link);
    // The page is in the document before the click, but not shown.
    // waits until the element exists, so the handle holds it
    const ahead = (await page.waitForFunction(() =>
      [...document.querySelectorAll('main h1')].find((h) => h.textContent === 'Serviços'),
    )) as ElementHandle<HTMLElement>;
    expect(await ahead.evaluate((h) => h.offsetParent === null)).toBe(true);
    expect(await page.$eval('main h1', (h) => h.textContent)).toBe('Início');
    expect(await page.$$eval('main h1', (hs) => hs.length)).toBe(2);
    const home = (await page.$('main h1')) as ElementHandle<HTMLElement>;

    await page.click(link);
    await page.waitForFunction(() => window.location.pathname === '/servicos/');
    // The same element, now visible, and the only page shown; the page left stays, hidden.
    expect(await ahead.evaluate((h) => h.isConnected && h.offsetParent !== null)).toBe(true);
    const shownH1s = () =>
      page.$$eval('main h1', (hs) =>
        hs.filter((h) => h.offsetParent !== null).map((h) => h.textContent),
      );
    expect(await shownH1s()).toEqual(['Serviços']);
    expect(await home.evaluate((h) => h.isConnected && h.offsetParent === null)).toBe(true);
    expect(await page.$eval('#ssg-announcer', (el) => el.textContent)).toBe(
      'Navigated to Serviços',
    );
    // Back shows the page left: the same element again, not one built anew.
    await page.goBack();
    await page.waitForFunction(() => window.location.pathname === '/');
    expect(await home.evaluate((h) => h.isConnected && h.offsetParent !== null)).toBe(true);
    expect(await shownH1s()).toEqual(['Início']);
    expect(log.errors).toEqual([]);
    await page.close();
  });
});
