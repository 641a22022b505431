// Real: build() of a copy of the mini fixture site with a client-only route, Debian's nginx with the generated snippet, `ssg serve`, Debian's Chromium. Faked: nothing.
import path from 'node:path';
import { type RunningServer, serve } from '@ssg/cli';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentRequests,
  hydrated,
  type LaunchedBrowser,
  launchChromium,
  recordPage,
} from '../support/browser.ts';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { buildMini, editJson, miniSiteCopy, rawGet, tempOut } from './helpers.ts';

interface MiniPage {
  slug: string;
  title: string;
  body: string;
  links?: Array<{ to: string; text: string }>;
  matchPath?: string;
}

let nginx: RunningNginx;
let preview: RunningServer;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  const site = miniSiteCopy();
  editJson<{ pages: MiniPage[] }>(path.join(site.contentDir, 'site.json'), (c) => {
    const [sobre, ...rest] = c.pages;
    return {
      ...c,
      pages: [
        { ...(sobre as MiniPage), links: [{ to: '/conta/pedidos/7', text: 'Meus pedidos' }] },
        ...rest,
        { slug: 'conta', title: 'Minha conta', body: 'Seus pedidos.', matchPath: '/conta/*' },
      ],
    };
  });
  const { outDir } = await buildMini({ ...site, outDir: tempOut() });
  nginx = await startNginx(outDir);
  preview = await serve({ dir: outDir, port: 0, host: '127.0.0.1' });
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
  await nginx?.stop();
  await preview?.close();
});

describe('a client-only route on nginx with the generated snippet', () => {
  it("answers every path the pattern covers with the page's HTML and 200; others still 404", async () => {
    const own = await rawGet(nginx.url, '/conta/');
    expect(own.status).toBe(200);
    for (const url of ['/conta/pedidos', '/conta/pedidos/42/', '/conta/a/b/c?x=1']) {
      const res = await rawGet(nginx.url, url);
      expect(res.status, url).toBe(200);
      expect(res.body, url).toContain('<h1>Minha conta</h1>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toBe(
        own.headers['content-security-policy'],
      );
    }
    for (const url of ['/nao-existe/', '/contas', '/page-data/conta/pedidos/page-data.json']) {
      expect((await rawGet(nginx.url, url)).status, url).toBe(404);
    }
    expect((await rawGet(nginx.url, '/conta')).headers.location).toBe('/conta/');
    expect((await rawGet(nginx.url, '/_redirects')).status).toBe(404);
  });

  it('`ssg serve` answers these URLs as nginx does', async () => {
    const differences: string[] = [];
    for (const url of [
      '/conta',
      '/conta/',
      '/conta/pedidos',
      '/conta/a/b/',
      '/contas',
      '/nao-existe/',
      '/_redirects',
    ]) {
      const [a, b] = await Promise.all([rawGet(nginx.url, url), rawGet(preview.url, url)]);
      const view = (r: typeof a) =>
        `${r.status} ${r.headers.location ?? '-'} ${r.headers['content-security-policy'] ?? '-'}`;
      if (view(a) !== view(b)) differences.push(`${url}: nginx ${view(a)} | ssg serve ${view(b)}`);
    }
    expect(differences).toEqual([]);
  });
});

describe('a client-only route in the browser', () => {
  const caminho = (page: Page, path: string) =>
    page.waitForFunction(
      (want: string) => document.querySelector('#caminho')?.textContent === want,
      { timeout: 10_000 },
      `Caminho: ${path}`,
    );

  it('loaded directly at a sub-path, the page renders with the real location', async () => {
    const page = await chromium.browser.newPage();
    const log = recordPage(page);
    await page.goto(new URL('/conta/pedidos/7', nginx.url).href);
    await hydrated(page);
    await caminho(page, '/conta/pedidos/7');
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Minha conta');
    expect(log.errors).toEqual([]);
    await page.close();
  });

  it('a link to a sub-path navigates on the client, with the page-data of the page', async () => {
    const page = await chromium.browser.newPage();
    const log = recordPage(page);
    await page.goto(new URL('/sobre/', nginx.url).href);
    await hydrated(page);
    // <Link> writes the site's trailing-slash form
    await page.click('a[href="/conta/pedidos/7/"]');
    await caminho(page, '/conta/pedidos/7/');
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Minha conta');
    expect(new URL(page.url()).pathname).toBe('/conta/pedidos/7/');
    expect(documentRequests(log)).toEqual(['/sobre/']);
    const pageData = log.requests
      .map((r) => new URL(r.url).pathname)
      .filter((p) => p.startsWith('/page-data/conta'));
    expect([...new Set(pageData)]).toEqual(['/page-data/conta/page-data.json']);
    expect(log.errors).toEqual([]);
    await page.close();
  });
});
