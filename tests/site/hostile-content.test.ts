// Real: the clinic site built twice (clean, and with script-bearing text in every field the content accepts), `ssg serve`, Debian Chromium. Faked: nothing.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BuildResult } from '@ssg/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '../../packages/site/src/brands.ts';
import { loadContent } from '../../packages/site/src/content/load-content.ts';
import { CONTENT_FILES } from '../../packages/site/src/content/schema.ts';
import {
  documentRequests,
  type LaunchedBrowser,
  launchChromium,
  recordPage,
} from '../support/browser.ts';
import { buildSite, clinicBuild, REPO, serveBuild } from '../support/site-build.ts';

const BRAND = BRANDS[0];
const FILES = [...Object.keys(CONTENT_FILES), `brands/${BRAND}.json`];
/** Each piece would run a script if the build let it through: they all count in window.__pwned. */
const HOSTILE =
  '</script><script>window.__pwned=(window.__pwned||0)+1</script>' +
  '<img src=x onerror="window.__pwned=(window.__pwned||0)+1">\u2028"\'><svg onload="window.__pwned=1">';

type Json = Record<string | number, unknown>;

/**
 * A copy of content/ with the hostile text appended to every string the content accepts: all
 * are changed, then each field the loader refuses (a URL, a phone, a slug) gets its old value back.
 */
async function hostileContent(): Promise<{ dir: string; changed: number }> {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'hostile-')), 'content');
  cpSync(path.join(REPO, 'content'), dir, { recursive: true });
  const read = (f: string) => JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
  const originals = new Map(FILES.map((f) => [f, read(f)]));
  const refused = new Set<string>();
  for (let round = 0; round < 10; round++) {
    let changed = 0;
    for (const file of FILES) {
      const json = structuredClone(originals.get(file));
      const setters: Array<[string, (v: string) => void, string]> = [];
      const walk = (value: unknown, at: string) => {
        if (typeof value === 'string') return;
        for (const key of Object.keys(value as Json)) {
          const child = (value as Json)[key];
          const where = Array.isArray(value) ? `${at}[${key}]` : at ? `${at}.${key}` : key;
          if (typeof child === 'string')
            setters.push([where, (v) => ((value as Json)[key] = v), child]);
          else if (child && typeof child === 'object') walk(child, where);
        }
      };
      walk(json, '');
      for (const [where, set, old] of setters)
        if (!refused.has(`${file}:${where}`)) {
          set(`${old}${HOSTILE}`);
          changed++;
        }
      writeFileSync(path.join(dir, file), JSON.stringify(json));
    }
    const loaded = await loadContent({ contentDir: dir, brand: BRAND });
    if (loaded.ok) return { dir, changed };
    for (const issue of loaded.issues) refused.add(`${issue.file}:${issue.path}`);
  }
  throw new Error('the content kept refusing fields after 10 rounds');
}

let chromium: LaunchedBrowser;
let server: Awaited<ReturnType<typeof serveBuild>>;
let clean: { outDir: string };
let hostile: BuildResult;
let changed = 0;

beforeAll(async () => {
  const content = await hostileContent();
  changed = content.changed;
  clean = await clinicBuild(BRAND);
  hostile = await buildSite({ brand: BRAND, contentDir: content.dir });
  server = await serveBuild(hostile.outDir);
  chromium = await launchChromium();
}, 240_000);
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

const pagesOf = (dir: string) =>
  ['index.html', 'servicos/index.html', 'galeria/index.html', 'contato/index.html', '404.html'].map(
    (f) => [f, readFileSync(path.join(dir, f), 'utf8')] as const,
  );
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

describe('script-bearing text in every text field of the clinic content', () => {
  it('changes many fields, and the built pages hold the same script tags as a clean build', () => {
    expect(changed).toBeGreaterThan(50);
    if (process.env.HOSTILE_LOG) console.log(`hostile text in ${changed} fields`);
    const cleanPages = new Map(pagesOf(clean.outDir));
    for (const [file, html] of pagesOf(hostile.outDir)) {
      expect(html).toContain('window.__pwned'); // the text is there, as text
      expect(scriptTags(html), file).toEqual(scriptTags(cleanPages.get(file) as string));
    }
  });

  it('runs no script in Chromium on any page, nor after a client navigation', async () => {
    const page = await chromium.browser.newPage();
    const log = recordPage(page);
    const dialogs: string[] = [];
    page.on('dialog', async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    for (const url of ['/', '/servicos/', '/galeria/', '/contato/', '/nao-existe/']) {
      await page.goto(new URL(url, server.url).href, { waitUntil: 'networkidle0' });
      await page.waitForSelector('#___ssg[data-hydrated="true"]');
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned), url).toBe(
        undefined,
      );
    }
    // client navigation renders from page-data JSON, not from the HTML
    await page.goto(server.url, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#___ssg[data-hydrated="true"]');
    const loads = documentRequests(log).length;
    // the first such link may be in the closed side menu: a visible one
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('a[href="/servicos/"]')]
        .find((a) => a.offsetParent !== null)
        ?.click(),
    );
    await page.waitForFunction(() => location.pathname === '/servicos/');
    // a client navigation, not a page load
    expect(documentRequests(log)).toHaveLength(loads);
    await page.waitForNetworkIdle();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBe(undefined);
    expect(dialogs).toEqual([]);
    expect(log.errors).toEqual([]);
    await page.close();
  }, 120_000);
});
