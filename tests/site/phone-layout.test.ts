// Real: `build()` of the vet, med and digital brands, `ssg serve`, Debian Chromium at phone widths. Faked: nothing.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchChromium } from '../support/browser.ts';
import { serveBrands } from '../support/site-build.ts';

const BRANDS = ['vet', 'med', 'digital'] as const;
const PAGES = ['/', '/servicos/', '/galeria/', '/contato/', '/404.html', '/500.html'];
const PHONE_390 = { width: 390, height: 844 };
const PHONES = [{ width: 360, height: 780 }, PHONE_390, { width: 430, height: 932 }];

let chromium: LaunchedBrowser;
let brands: Awaited<ReturnType<typeof serveBrands>>;
let urls: Map<string, string>;

beforeAll(async () => {
  brands = await serveBrands(BRANDS);
  urls = brands.urls;
  chromium = await launchChromium();
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await brands?.close();
});

async function open(brand: string, path: string, viewport: { width: number; height: number }) {
  const page = await chromium.browser.newPage();
  await page.setViewport(viewport);
  await page.goto(`${urls.get(brand)}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

/**
 * One loaded page shown at another phone width. The layout is CSS alone (the site's code reads
 * no width), so a page resized to a width lays out as one loaded at it: one load serves all three.
 */
const resize = (page: Page, viewport: { width: number; height: number }) =>
  page.setViewport(viewport);

/** Texts the floating WhatsApp button covers at the page's current scroll; none while it is hidden. */
function textsUnderWhatsapp(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.wa-popup__button') as HTMLElement;
    const style = getComputedStyle(button);
    if (style.visibility === 'hidden' || Number(style.opacity) < 0.05) return [];
    const fab = button.getBoundingClientRect();
    const hits: string[] = [];
    const walker = document.createTreeWalker(
      document.querySelector('.frame') as Element,
      NodeFilter.SHOW_TEXT,
    );
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim() || n.parentElement?.closest('.wa-popup')) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects())
        if (r.right > fab.left && r.left < fab.right && r.bottom > fab.top && r.top < fab.bottom)
          hits.push(n.textContent.trim());
    }
    return hits;
  });
}

const scrollTo = (page: Page, y: number | 'end') =>
  page.evaluate(async (to) => {
    window.scrollTo(0, to === 'end' ? document.documentElement.scrollHeight : to);
    // Two frames: the scroll-driven reveal of the button follows the scroll position.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }, y);

describe('top bar on phones', () => {
  for (const brand of ['vet', 'med'] as const)
    it(`${brand} at ${PHONES.map((p) => p.width).join(', ')} px: the whole clinic name is readable, no horizontal scroll`, async () => {
      const page = await open(brand, '/', PHONES[0] ?? PHONE_390);
      for (const viewport of PHONES) {
        await resize(page, viewport);
        const bar = await page.evaluate(() => {
          const name = document.querySelector<HTMLElement>('.brand-link__name') as HTMLElement;
          const parts = [...name.querySelectorAll<HTMLElement>('span')];
          const header = (
            document.querySelector('[data-slot="top-bar"]') as Element
          ).getBoundingClientRect();
          const cta = (document.querySelector('.top-bar__cta') as Element).getBoundingClientRect();
          return {
            text: name.textContent,
            clipped: parts.some((p) => p.scrollWidth > p.clientWidth + 1),
            ellipsis: parts.some((p) => getComputedStyle(p).textOverflow === 'ellipsis'),
            inside: parts.every((p) => {
              const r = p.getBoundingClientRect();
              return r.top >= header.top && r.bottom <= header.bottom && r.right <= cta.left;
            }),
            scrollWidth: document.documentElement.scrollWidth,
          };
        });
        const expected =
          brand === 'vet' ? 'Amigo Fiel Clínica Veterinária' : 'Amigo Fiel Hospital Veterinário';
        expect(bar.text, `${viewport.width} px`).toBe(expected);
        expect(bar, `${viewport.width} px`).toMatchObject({
          clipped: false,
          ellipsis: false,
          inside: true,
        });
        expect(bar.scrollWidth, `${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      }
      await page.close();
    });
});

describe('floating WhatsApp button on phones', () => {
  it(`covers no text on the first screen or at the end of any page at ${PHONES.map((p) => p.width).join(', ')} px`, async () => {
    const page = await chromium.browser.newPage();
    const covered: string[] = [];
    for (const path of PAGES) {
      await page.setViewport(PHONES[0] ?? PHONE_390);
      await page.goto(`${urls.get('vet')}${path}`, { waitUntil: 'networkidle0' });
      for (const viewport of PHONES) {
        await resize(page, viewport);
        for (const where of [0, 'end'] as const) {
          await scrollTo(page, where);
          for (const text of await textsUnderWhatsapp(page))
            covered.push(`${viewport.width} px ${path} ${where}: ${text}`);
        }
      }
    }
    expect(covered).toEqual([]);
    await page.close();
  });

  it('shows once the page is scrolled, ready to tap', async () => {
    const page = await open('vet', '/404.html', PHONE_390);
    await scrollTo(page, 400);
    const onTop = await page.evaluate(() => {
      const r = (document.querySelector('.wa-popup__button') as Element).getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return (
        hit?.closest('.wa-popup__button') !== null &&
        hit !== null &&
        getComputedStyle(hit).opacity !== '0'
      );
    });
    expect(onTop).toBe(true);
    await page.close();
  });
});

describe('the digital brand', () => {
  it('says what it is above the home title and draws its pictures in its own violet', async () => {
    const page = await open('digital', '/', PHONE_390);
    const hero = await page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('.hero__art img') as HTMLImageElement;
      return {
        eyebrow: (document.querySelector('.hero .eyebrow') as Element).textContent,
        src: img.getAttribute('src'),
        size: [img.getAttribute('width'), img.getAttribute('height')],
        loaded: img.complete && img.naturalWidth > 0,
      };
    });
    expect(hero).toEqual({
      eyebrow: 'Teleorientação veterinária online',
      src: '/images/digital/hero.svg',
      size: ['640', '560'],
      loaded: true,
    });
    const svg = await (await fetch(`${urls.get('digital')}/images/digital/hero.svg`)).text();
    expect(svg).toContain('#6d28d9');
    expect(svg).not.toMatch(/#(0f766e|5eead4|99f6e4|ccfbf1)/i);
    await page.close();
  });
});
