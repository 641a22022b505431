// Real: `build()` of the framework's mini fixture site (tall pages and hash links as content), `ssg serve`, Debian Chromium. Faked: nothing.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, type LaunchedBrowser, launchChromium } from '../support/browser.ts';
import { buildMiniSite, serveBuild } from '../support/site-build.ts';

const tall = (prefix: string) =>
  [1, 2, 3, 4].map((n) => ({ id: `${prefix}${n}`, title: `Seção ${n}` }));
const CONTENT = {
  name: 'Mini',
  tagline: 'Navegação',
  pages: [
    {
      slug: 'a',
      title: 'Primeira',
      body: 'A.',
      links: [
        { to: '/b/', text: 'Segunda' },
        { to: '/b/#avaliação', text: 'Avaliação' },
      ],
      sections: tall('a'),
    },
    {
      slug: 'b',
      title: 'Segunda',
      body: 'B.',
      links: [{ to: '/c/', text: 'Terceira' }],
      sections: [{ id: 'avaliação', title: 'Avaliação' }, ...tall('b')],
    },
    {
      slug: 'c',
      title: 'Terceira',
      body: 'C.',
      links: [{ to: '/nada/', text: 'Nada' }],
      sections: tall('c'),
    },
  ],
};

let chromium: LaunchedBrowser;
let server: Awaited<ReturnType<typeof serveBuild>>;

beforeAll(async () => {
  const contentDir = mkdtempSync(path.join(tmpdir(), 'ssg-nav-content-'));
  writeFileSync(path.join(contentDir, 'site.json'), JSON.stringify(CONTENT));
  const result = await buildMiniSite({ contentDir });
  server = await serveBuild(result.outDir);
  chromium = await launchChromium();
});

afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

async function open(p: string): Promise<Page> {
  const page = await chromium.browser.newPage();
  await page.setViewport({ width: 1000, height: 700 });
  await page.goto(new URL(p, server.url).href, { waitUntil: 'load' });
  await hydrated(page);
  return page;
}

const shows = (page: Page, h1: string, pathname: string) =>
  page.waitForFunction(
    (t, p) => document.querySelector('h1')?.textContent === t && location.pathname === p,
    {},
    h1,
    pathname,
  );

/** Where focus is: the element's id, or its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    return {
      id: e?.id ?? '',
      tag: e?.tagName ?? '',
      text: e?.textContent?.slice(0, 20) ?? '',
      outline: e ? getComputedStyle(e).outlineStyle : '',
      inPage: !!e?.closest('#___ssg-focus'),
    };
  });
const announced = (page: Page) => page.$eval('#ssg-announcer', (e) => e.textContent);
/** Follows a link of the page with the keyboard: focus it, press Enter. */
async function pressLink(page: Page, href: string) {
  await page.focus(`main a[href="${href}"]`);
  await page.keyboard.press('Enter');
}

describe('focus after a client navigation', () => {
  it('first load keeps focus; link, Back, Forward move it to the page; Tab continues in the new page', async () => {
    const page = await open('/a/');
    expect((await focused(page)).tag).toBe('BODY');

    await pressLink(page, '/b/');
    await shows(page, 'Segunda', '/b/');
    expect(await focused(page)).toMatchObject({ id: '___ssg-focus', outline: 'none' });
    expect(await announced(page)).toBe('Navigated to Segunda');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'A', text: 'Terceira', inPage: true });

    await page.goBack();
    await shows(page, 'Primeira', '/a/');
    expect((await focused(page)).id).toBe('___ssg-focus');
    expect(await announced(page)).toBe('Navigated to Primeira');

    await page.goForward();
    await shows(page, 'Segunda', '/b/');
    expect((await focused(page)).id).toBe('___ssg-focus');
    await page.close();
  });

  it('a hash link focuses its element (an encoded id), and 404 → 404 moves focus too', async () => {
    const page = await open('/a/');
    await pressLink(page, '/b/#avaliação');
    await shows(page, 'Segunda', '/b/');
    expect((await focused(page)).id).toBe('avaliação');
    const top = await page.$eval('[id="avaliação"]', (e) => e.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(2);

    const notFound = await open('/c/');
    await pressLink(notFound, '/nada/');
    await shows(notFound, 'Página não encontrada', '/nada/');
    expect((await focused(notFound)).id).toBe('___ssg-focus');
    await pressLink(notFound, '/perdida/');
    await shows(notFound, 'Página não encontrada', '/perdida/');
    expect((await focused(notFound)).id).toBe('___ssg-focus');
    await page.close();
    await notFound.close();
  });
});

describe('the navigation code', () => {
  it('comes once the page is hydrated, so a click from a script (no pointer before it) waits for no script', async () => {
    const page = await open('/a/');
    await page.waitForNetworkIdle({ idleTime: 500 });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.$eval('main a[href="/b/"]', (a) => (a as HTMLAnchorElement).click());
    await shows(page, 'Segunda', '/b/');
    expect(scripts).toEqual([]);
    await page.close();
  });
});

describe('scroll restoration per history entry', () => {
  const scrollTo = async (page: Page, y: number) => {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    // the position is saved once per frame: two frames
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
  };
  /** Clicks a link from script: a real click would scroll it into view first. */
  const follow = (page: Page, href: string) =>
    page.$eval(`main a[href="${href}"]`, (a) => (a as HTMLAnchorElement).click());
  /** Every scroll position seen from now on. */
  const watchScroll = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { seen: number[] };
      w.seen = [];
      window.addEventListener('scroll', () => w.seen.push(window.scrollY));
    });
  const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: number[] }).seen);
  const y = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

  it('Back and Forward over three pages return to each depth, without a jump to the top; reload too', async () => {
    const page = await open('/a/');
    await scrollTo(page, 1200);
    await follow(page, '/b/');
    await shows(page, 'Segunda', '/b/');
    expect(await y(page)).toBe(0); // a new navigation starts at the top
    await scrollTo(page, 700);
    await follow(page, '/c/');
    await shows(page, 'Terceira', '/c/');
    expect(await y(page)).toBe(0);
    await scrollTo(page, 1500);

    await watchScroll(page);
    await page.goBack();
    await shows(page, 'Segunda', '/b/');
    expect(await y(page)).toBe(700);
    await page.goBack();
    await shows(page, 'Primeira', '/a/');
    expect(await y(page)).toBe(1200);
    await page.goForward();
    await shows(page, 'Segunda', '/b/');
    expect(await y(page)).toBe(700);
    await page.goForward();
    await shows(page, 'Terceira', '/c/');
    expect(await y(page)).toBe(1500);
    expect(await seen(page)).not.toContain(0);

    // a reload of a page reached by Back
    await page.goBack();
    await shows(page, 'Segunda', '/b/');
    await page.reload({ waitUntil: 'load' });
    await hydrated(page);
    await expect.poll(() => y(page)).toBe(700);
    await page.goBack(); // another document now: a full load of /a/
    await shows(page, 'Primeira', '/a/');
    await expect.poll(() => y(page)).toBe(1200);
    await page.close();
  });
});
