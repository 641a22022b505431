// Real: build() of a copy of the mini fixture site rebuilt into the same folder, one Debian nginx started once with the generated snippet and never reloaded, Debian Chromium. Faked: nothing (the copy's page component shows a colour from its content, as a brand theme does).
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, type LaunchedBrowser, launchChromium } from '../support/browser.ts';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import {
  buildMini,
  editJson,
  miniSiteCopy,
  reportingPage,
  tempOut,
  type Violation,
} from './helpers.ts';

interface Page {
  slug: string;
  body: string;
  color?: string;
}

let site: { root: string; contentDir: string };
let outDir: string;
let nginx: RunningNginx;
let chromium: LaunchedBrowser;
let snippet: string;
let headers: string;

const hostFiles = () => ({
  snippet: readFileSync(path.join(outDir, '_ssg-host/nginx.conf'), 'utf8'),
  headers: readFileSync(path.join(outDir, '_headers'), 'utf8'),
});

/** A rebuild into the folder nginx is serving; nginx is not told. */
async function redeploy(): Promise<string[]> {
  const result = await buildMini({ ...site, outDir });
  return result.warnings;
}

/** The page as a first-time visitor gets it from nginx: its computed `property` of `selector`, and every violation. */
async function visit(urlPath: string, selector: string, property: string) {
  const violations: Violation[] = [];
  const page = await reportingPage(chromium.browser, violations);
  try {
    await page.goto(new URL(urlPath, nginx.url).href, { waitUntil: 'load' });
    await hydrated(page);
    const value = await page.$eval(
      selector,
      (element, name) => getComputedStyle(element).getPropertyValue(name),
      property,
    );
    const text = await page.$eval('main', (m) => m.textContent ?? '');
    return { value, text, violations };
  } finally {
    await page.browserContext().close();
  }
}

beforeAll(async () => {
  site = miniSiteCopy();
  // the page's colour comes from its content, as a brand's theme colour does: a style attribute
  const component = path.join(site.root, 'src/pages/page.tsx');
  writeFileSync(
    component,
    readFileSync(component, 'utf8').replace(
      '<p>{data.body}</p>',
      '<p style={{ color: (data as { color?: string }).color }}>{data.body}</p>',
    ),
  );
  editJson<{ pages: Page[] }>(path.join(site.contentDir, 'site.json'), (c) => ({
    ...c,
    pages: c.pages.map((p) => (p.slug === 'sobre' ? { ...p, color: 'rgb(0, 128, 0)' } : p)),
  }));
  outDir = tempOut();
  await buildMini({ ...site, outDir });
  ({ snippet, headers } = hostFiles());
  nginx = await startNginx(outDir);
  chromium = await launchChromium();
}, 180_000);
afterAll(async () => {
  await chromium?.close();
  await nginx?.stop();
});

describe('a deploy is copying the folder: nginx keeps serving every rebuild without a reload', () => {
  it('a CSS rule added: the config files are byte-identical and the page is styled by it, with no violation', async () => {
    appendFileSync(path.join(site.root, 'src/pages/frame.css'), 'h1 { color: rgb(200, 0, 0); }\n');
    const warnings = await redeploy();
    expect(hostFiles()).toEqual({ snippet, headers });
    expect(warnings.join('\n')).not.toMatch(/reload/);
    const seen = await visit('/', 'h1', 'color');
    expect(seen.value).toBe('rgb(200, 0, 0)');
    expect(seen.violations).toEqual([]);
  });

  it('a theme colour changed in the content: the page shows the new colour, with no violation', async () => {
    editJson<{ pages: Page[] }>(path.join(site.contentDir, 'site.json'), (c) => ({
      ...c,
      pages: c.pages.map((p) => (p.slug === 'sobre' ? { ...p, color: 'rgb(0, 0, 255)' } : p)),
    }));
    await redeploy();
    expect(hostFiles()).toEqual({ snippet, headers });
    const seen = await visit('/sobre/', 'main p', 'color');
    expect(seen.value).toBe('rgb(0, 0, 255)');
    expect(seen.violations).toEqual([]);
  });

  it("a page's text changed: the new text is served, still styled, with no violation", async () => {
    editJson<{ pages: Page[] }>(path.join(site.contentDir, 'site.json'), (c) => ({
      ...c,
      pages: c.pages.map((p) => (p.slug === 'sobre' ? { ...p, body: 'Texto novo da página.' } : p)),
    }));
    await redeploy();
    expect(hostFiles()).toEqual({ snippet, headers });
    const seen = await visit('/sobre/', 'h1', 'color');
    expect(seen.text).toContain('Texto novo da página.');
    expect(seen.value).toBe('rgb(200, 0, 0)');
    expect(seen.violations).toEqual([]);
  });

  it('a new trailing-slash mode changes the snippet: the build says in one line that nginx must reload', async () => {
    const result = await buildMini({ ...site, outDir, trailingSlash: 'never' });
    expect(hostFiles().snippet).not.toBe(snippet);
    const said = result.warnings.filter((w) => w.includes('nginx -s reload'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^_ssg-host\/nginx\.conf changed .*: reload nginx/);
  });
});
