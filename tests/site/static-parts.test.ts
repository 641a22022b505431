// Real: `build()` of the vet brand (shared build), its client chunks on disk, `ssg serve`, Debian Chromium. Faked: nothing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, type LaunchedBrowser, launchChromium, recordPage } from '../support/browser.ts';
import { clinicBuild, serveBuild } from '../support/site-build.ts';

let outDir: string;
let chromium: LaunchedBrowser;
let server: Awaited<ReturnType<typeof serveBuild>>;

beforeAll(async () => {
  ({ outDir } = await clinicBuild('vet'));
  server = await serveBuild(outDir);
  chromium = await launchChromium();
});

afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

/** The static parts in the `<main>` of a page: as shown now, or as its built file has them. */
async function parts(page: Page, file?: string): Promise<string[]> {
  const html = file ? readFileSync(path.join(outDir, file), 'utf8') : null;
  return page.evaluate((source) => {
    // the file parsed as the browser parses it, so both sides serialize alike
    const doc = source ? new DOMParser().parseFromString(source, 'text/html') : document;
    // a page rendered ahead or left behind (hidden by React's Activity) is not the page shown;
    // a parsed file has no styles, so every part of it counts
    const shown = (p: Element) => {
      for (let e: Element | null = p; e; e = e.parentElement)
        if (getComputedStyle(e).display === 'none') return false;
      return true;
    };
    return [...doc.querySelectorAll('main ssg-static')].filter(shown).map((p) => p.innerHTML);
  }, html);
}

describe('static parts of the clinic', () => {
  it('ship no code: texts and class names only static components have are in no client chunk', () => {
    const js = readdirSync(path.join(outDir, '_ssg'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(outDir, '_ssg', f), 'utf8'))
      .join('\n');
    const home = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    // each is in the page (the server rendered it) and in no chunk (the browser never runs it)
    for (const text of [
      'Orçamento antes de qualquer procedimento', // home: about (HomeSections)
      'Responsável técnica', // home: curriculum
      'hero__facts', // home: hero (HomeHero)
      'curriculum__lists',
      'footer__', // the footer slice
      'brand-link__family', // the frame: the top bar's logo and wordmark (BrandLink)
      'Plantão: ', // the frame: the alert strip's emergency number (FrameAlert)
      'data-ssg-image', // `<Image>`: on the first load only static parts show images
    ]) {
      expect(home, text).toContain(text);
      expect(js, text).not.toContain(text);
    }
    // pages that are static as a whole: their components' texts are not shipped either
    expect(readFileSync(path.join(outDir, 'servicos/index.html'), 'utf8')).toContain(
      'Lista de serviços',
    );
    expect(js).not.toContain('Lista de serviços');
    // the interactive countdown still is
    expect(js).toContain('countdown__clock');
  });

  it('first load: no hydration warning, the static parts keep their nodes and React never touches them', async () => {
    const page = await chromium.browser.newPage();
    const log = recordPage(page);
    // Before any script of the page: remember the hero's heading and watch every static part.
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const w = window as unknown as { __h1: Element | null; __mutations: number };
        w.__h1 = document.querySelector('ssg-static h1');
        w.__mutations = 0;
        const observer = new MutationObserver((list) => {
          w.__mutations += list.length;
        });
        for (const part of document.querySelectorAll('ssg-static'))
          observer.observe(part, {
            subtree: true,
            childList: true,
            characterData: true,
            attributes: true,
          });
      });
    });
    await page.goto(new URL('/', server.url).href);
    await hydrated(page);
    // the countdown hydrates and ticks: React is live beside the static parts
    await page.waitForSelector('[data-slot="countdown"][data-state="running"]');
    const state = await page.evaluate(() => {
      const w = window as unknown as { __h1: Element | null; __mutations: number };
      const owned = (n: Element | null) =>
        !!n && Object.keys(n).some((k) => k.startsWith('__reactFiber'));
      return {
        sameHeading: w.__h1 !== null && w.__h1 === document.querySelector('ssg-static h1'),
        mutations: w.__mutations,
        headingOwned: owned(document.querySelector('ssg-static h1')),
        countdownOwned: owned(document.querySelector('[data-slot="countdown"]')),
        parts: document.querySelectorAll('ssg-static').length,
      };
    });
    expect(state).toEqual({
      sameHeading: true,
      mutations: 0,
      headingOwned: false,
      countdownOwned: true,
      parts: 5, // the frame's alert strip and brand link, hero, the sections below the countdown, the footer
    });
    const problems = [
      ...log.console.filter((m) => m.type === 'error' || m.type === 'warn'),
      ...log.errors,
    ];
    expect(problems).toEqual([]);
    await page.close();
  });

  it('client navigation to and from pages of static parts shows each page its own HTML', async () => {
    const page = await chromium.browser.newPage();
    const log = recordPage(page);
    await page.goto(new URL('/', server.url).href);
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    const visit = async (link: string, pathname: string, file: string) => {
      // a link inside a static part: no code of SiteLink runs there, the part's container does
      await page.click(`main ssg-static a[href="${link}"]`);
      await page.waitForFunction((p) => location.pathname === p, {}, pathname);
      // the page left stays in the document, hidden, for Back
      await page.waitForFunction(() =>
        [...document.querySelectorAll('main .hero')].every((hero) => !hero.checkVisibility()),
      );
      expect(await parts(page)).toEqual(await parts(page, file));
      await page.goBack();
      await page.waitForSelector('main .hero', { visible: true });
      expect(await parts(page)).toEqual(await parts(page, 'index.html'));
    };
    await visit('/servicos/', '/servicos/', 'servicos/index.html');
    await visit('/galeria/', '/galeria/', 'galeria/index.html');
    // the page never reloaded, and the interactive countdown came back live
    expect(
      await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
    ).toBe(true);
    await page.waitForSelector('[data-slot="countdown"][data-state="running"]');
    expect(log.requests.filter((r) => r.isNavigation)).toHaveLength(1);
    expect(log.errors).toEqual([]);
    await page.close();
  });
});
