// Real: `build()` of every brand, `ssg serve`, Debian Chromium, axe-core (WCAG 2 A/AA rules). Faked: nothing.
import axe from 'axe-core';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BRANDS } from '../../packages/site/src/brands.ts';
import { type LaunchedBrowser, launchChromium } from '../support/browser.ts';
import { serveBrands } from '../support/site-build.ts';

const PAGES = ['/', '/servicos/', '/galeria/', '/contato/', '/404.html', '/500.html'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * The WCAG 2 A/AA rules whose outcome a brand can change: a brand sets colours, texts (names,
 * titles, alt texts) and illustrations (content/brands/), never the markup's structure, roles or
 * landmarks. axe's colour, text-alternative and language categories, every accessible-name rule,
 * and the one layout rule longer texts can trip (a region that overflows and scrolls).
 */
const BRAND_RULES = [
  // cat.color
  'color-contrast',
  'link-in-text-block',
  // cat.text-alternatives
  'area-alt',
  'document-title',
  'frame-title',
  'frame-title-unique',
  'image-alt',
  'input-image-alt',
  'object-alt',
  'role-img-alt',
  'server-side-image-map',
  'svg-img-alt',
  'video-caption',
  // cat.language
  'html-has-lang',
  'html-lang-valid',
  'html-xml-lang-mismatch',
  'valid-lang',
  // accessible names
  'aria-command-name',
  'aria-input-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-tab-name',
  'aria-toggle-field-name',
  'aria-tooltip-name',
  'button-name',
  'input-button-name',
  'label',
  'label-content-name-mismatch',
  'link-name',
  'select-name',
  'summary-name',
  'scrollable-region-focusable',
];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Six pages audited in a row, two such tests at once on a loaded machine. */
const AUDIT = { timeout: 180_000 };

let chromium: LaunchedBrowser;
let brands: Awaited<ReturnType<typeof serveBrands>>;
let urls: Map<string, string>;

beforeAll(async () => {
  brands = await serveBrands(BRANDS);
  urls = brands.urls;
  chromium = await launchChromium();
}, 150_000);

afterAll(async () => {
  await chromium?.close();
  await brands?.close();
});

/**
 * axe leaves text over a gradient as "needs review". The brand gradients are where contrast is
 * most at risk, so check that text against every colour stop of the gradient behind it
 * (composited over the solid colour beneath): 4.5:1, or 3:1 for large text.
 */
function gradientContrastFailures(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((targets: string[]) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba[] =>
      [...css.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => {
        const [r, g, b, a = '1'] = (m[1] ?? '').split(/[\s,/]+/).filter(Boolean);
        return [Number(r), Number(g), Number(b), Number(a)];
      });
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (under[i] ?? 0) * (1 - a)).concat(1) as Rgba;
    };
    const luminance = (c: Rgba) => {
      const [r = 0, g = 0, b = 0] = [0, 1, 2].map((i) => {
        const v = (c[i] ?? 0) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const failures: string[] = [];
    for (const selector of targets) {
      const element = document.querySelector(selector);
      if (!element) continue;
      let holder: Element | null = element;
      while (holder && !getComputedStyle(holder).backgroundImage.includes('gradient'))
        holder = holder.parentElement;
      if (!holder) continue;
      let base: Rgba = [255, 255, 255, 1];
      for (let e = holder.parentElement; e; e = e.parentElement) {
        const [c] = parse(getComputedStyle(e).backgroundColor);
        if (c && c[3] > 0) {
          base = c;
          break;
        }
      }
      const own = parse(getComputedStyle(holder).backgroundColor)[0];
      if (own && own[3] > 0) base = over(own, base);
      // Opaque stops are the gradient itself; translucent ones are overlays drawn on top of it.
      const colours = parse(getComputedStyle(holder).backgroundImage);
      const solid = colours.filter((c) => c[3] === 1).map((c) => over(c, base));
      const overlays = colours.filter((c) => c[3] > 0 && c[3] < 1);
      const under = solid.length > 0 ? solid : [base];
      const stops = under.flatMap((s) => [s, ...overlays.map((o) => over(o, s))]);
      const style = getComputedStyle(element);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      for (const stop of stops) {
        const background = stop;
        const [color] = parse(style.color);
        if (!color) throw new Error(`${selector}: unreadable colour ${style.color}`);
        const text = over(color, background);
        const r = ratio(text, background);
        if (r < needed)
          failures.push(
            `${selector}: ${r.toFixed(2)}:1 over rgb(${background.slice(0, 3).map(Math.round)})`,
          );
      }
    }
    return failures;
  }, selectors);
}

/** Every WCAG 2 A/AA rule, or only `rules` of them. */
async function audit(page: Page, url: string, rules?: readonly string[]): Promise<string[]> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('#___ssg[data-hydrated="true"]');
  // axe-core's own axe.run in the page (the pages have no frames): no blank page per audit to merge
  // per-frame results in, no JSON copy of every passing node, no 1 s readiness race under load
  await page.evaluate(axe.source);
  const options: axe.RunOptions = {
    runOnly: rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: TAGS },
    // after-rules still see every node; only violations and incomplete (the gradients) keep theirs
    resultTypes: ['violations', 'incomplete'],
  };
  const results: axe.AxeResults = await page.evaluate(
    (o) => (window as unknown as { axe: typeof axe }).axe.run(document, o),
    options,
  );
  const violations = results.violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  );
  const overGradients = results.incomplete
    .filter((v) => v.id === 'color-contrast')
    .flatMap((v) => v.nodes)
    .filter((n) => n.any.some((c) => /gradient/.test(c.message)))
    .map((n) => String(n.target[0]));
  const contrast = await gradientContrastFailures(page, overGradients);
  return [...violations, ...contrast.map((line) => `color-contrast over a gradient ${line}`)];
}

/** Audits every page of `brand` at `viewport`, each line prefixed with its path. */
async function auditPages(
  brand: string,
  viewport: { width: number; height: number },
  rules?: readonly string[],
): Promise<string[]> {
  const page = await chromium.browser.newPage();
  await page.setViewport(viewport);
  const found: string[] = [];
  for (const path of PAGES)
    found.push(
      ...(await audit(page, `${urls.get(brand)}${path}`, rules)).map((l) => `${path} ${l}`),
    );
  await page.close();
  return found;
}

// Two audits at a time (the project's maxConcurrency), each on its own page: axe runs in the
// page's renderer, and no check here depends on time (the timeout only guards a hung page).
describe.concurrent('axe-core audits', () => {
  // The layout changes with the viewport (the 768 px query), the markup with no brand: every rule
  // on one brand at both widths covers what every brand shares.
  for (const [name, viewport] of [
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ] as const)
    it(
      `has no axe-core WCAG 2 A/AA violations on any page on ${name} (vet)`,
      AUDIT,
      async ({ expect }) => {
        expect(await auditPages('vet', viewport)).toEqual([]);
      },
    );

  // What a brand changes (colours, texts, illustrations) on every page, at the phone width its
  // visitors use: the rules such changes can fail, with the gradient contrast check.
  it.for(BRANDS.filter((brand) => brand !== 'vet'))(
    'the %s brand: no violation of the rules its colours and texts decide, on any page on a phone',
    AUDIT,
    async (brand, { expect }) => {
      expect(await auditPages(brand, PHONE, BRAND_RULES)).toEqual([]);
    },
  );
});
