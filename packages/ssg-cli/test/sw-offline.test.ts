// Real: build() of the mini fixture site, the service-worker stage with the worker bundled from src/browser/sw.ts (workbox's modules). Faked: a site definition with an offline text (for the stage alone).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pageDataUrl } from '@ssg/loader/contract';
import { describe, expect, it } from 'vitest';
import {
  generateServiceWorker,
  PRECACHE_PAGES_MAX,
  precachedPageFiles,
  type ServiceWorkerInput,
  serviceWorkerSettings,
} from '../src/service-worker/generate-service-worker.ts';
import { offlinePageOf } from '../src/service-worker/offline-page.ts';
import { buildMini, listFiles, MINI_SITE, must, tempDir } from './helpers.ts';

describe('the service worker of a build', () => {
  it('knows its build, precaches pages, 404, 500, the offline page, data and chunks', async () => {
    const result = await buildMini();
    const sw = readFileSync(path.join(result.outDir, 'sw.js'), 'utf8');
    expect(sw.startsWith(`// build ${result.compilationHash}\n`)).toBe(true);
    // the build's settings and precache list, written where the bundled worker reads them
    expect(sw).toContain(`{"build":"${result.compilationHash}","cacheId":"ssg-main",`);
    expect(sw).not.toMatch(/self\.__(WB_MANIFEST|SSG_SW__)/);
    for (const url of [
      'index.html',
      'sobre/index.html',
      '404.html',
      '500.html',
      '_ssg-offline.html',
      'page-data/app-data.json',
      'page-data/sobre/page-data.json',
      'slice-data/footer.json',
    ]) {
      expect(sw, url).toMatch(
        new RegExp(`\\{"url":"${url.replace(/[.]/g, '\\.')}","revision":"[0-9a-f]{32}"\\}`),
      );
    }
    expect(sw).toMatch(/\{"url":"_ssg\/app-[\w-]+\.js","revision":null\}/);
    expect(readFileSync(path.join(result.outDir, '_ssg-offline.html'), 'utf8')).toContain(
      '<html lang="en">',
    );
  });

  it('precaches exactly the HTML and data files in the output, each with the MD5 of its bytes', async () => {
    const result = await buildMini();
    const sw = readFileSync(path.join(result.outDir, 'sw.js'), 'utf8');
    const listed = new Map(
      [...sw.matchAll(/\{"url":"([^"]+)","revision":"([0-9a-f]{32})"\}/g)].map((m) => [
        must(m[1]),
        must(m[2]),
      ]),
    );
    // what a walk of the written folder finds: HTML anywhere, JSON under page-data and slice-data
    const expected = listFiles(result.outDir).filter(
      (f) =>
        !/^_ssg[^/]*\//.test(f) &&
        (f.endsWith('.html') || (/^(page-data|slice-data)\//.test(f) && f.endsWith('.json'))),
    );
    expect([...listed.keys()].sort()).toEqual(expected);
    for (const [url, revision] of listed) {
      const bytes = readFileSync(path.join(result.outDir, url));
      expect(revision, url).toBe(createHash('md5').update(bytes).digest('hex'));
    }
  });

  it('writes a self-unregistering worker, and pages that do not register one, when switched off', async () => {
    const result = await buildMini({ serviceWorker: false });
    const sw = readFileSync(path.join(result.outDir, 'sw.js'), 'utf8');
    expect(sw.startsWith(`// build ${result.compilationHash}\n`)).toBe(true);
    expect(sw).toContain('self.registration.unregister()');
    expect(sw).toContain('caches.delete');
    expect(sw).toContain('self.skipWaiting()');
    expect(sw).not.toContain('workbox:');
    expect(sw).toContain(`{"build":"${result.compilationHash}"}`);
    expect(sw).not.toMatch(/clients\.claim|\.navigate\(/); // it never reloads pages: no loop possible
    const html = readFileSync(path.join(result.outDir, 'index.html'), 'utf8');
    expect(html).not.toContain('data-service-worker="on"');
    expect(readFileSync(path.join(result.outDir, '_headers'), 'utf8')).not.toContain(
      '_ssg-offline.html',
    );
  });

  it('writes the offline page in the site language with the text the site gives', async () => {
    const stagingDir = tempDir();
    const ctx = {
      root: MINI_SITE,
      stagingDir,
      brand: 'main',
      serviceWorker: true,
      runtimeCaching: [],
      compilationHash: 'abc',
      precache: new Map(),
      pagePaths: [],
      clientFiles: [],
      offlineHtml: offlinePageOf(
        {
          lang: 'pt-BR',
          offline: {
            title: 'Você está sem conexão',
            message: 'Esta página <ainda> não foi salva.',
          },
        },
        undefined,
      ),
    } as unknown as ServiceWorkerInput;
    await generateServiceWorker(ctx);
    const page = readFileSync(path.join(stagingDir, '_ssg-offline.html'), 'utf8');
    expect(page).toContain('<html lang="pt-BR">');
    expect(page).toContain('<h1>Você está sem conexão</h1>');
    expect(page).toContain('Esta página &lt;ainda&gt; não foi salva.');
    expect(page).not.toContain('<script');
  });

  it('precaches the first 200 pages of a large site (and home, 404, 500), not every page', async () => {
    // 1,000 pages, the home and error pages last: a visitor's first visit would fetch them all
    const pagePaths = [
      ...Array.from({ length: 997 }, (_, i) => `/p/${i}/`),
      '/',
      '/404.html',
      '/500.html',
    ];
    const precache = new Map<string, string>([
      ['page-data/app-data.json', 'a'.repeat(32)],
      ['slice-data/footer.json', 'b'.repeat(32)],
    ]);
    for (const page of pagePaths) {
      const name = page.replace(/^\//, '');
      precache.set(page.endsWith('.html') ? name : `${name}index.html`, 'c'.repeat(32));
      precache.set(pageDataUrl(page).slice(1), 'd'.repeat(32));
    }
    const stagingDir = tempDir();
    const ctx = {
      root: MINI_SITE,
      stagingDir,
      brand: 'main',
      serviceWorker: true,
      runtimeCaching: [],
      compilationHash: 'abc',
      precache,
      pagePaths,
      clientFiles: [],
      offlineHtml: offlinePageOf({ lang: 'en' }, undefined),
    } as unknown as ServiceWorkerInput;
    await generateServiceWorker(ctx);
    const sw = readFileSync(path.join(stagingDir, 'sw.js'), 'utf8');
    const listed = [...sw.matchAll(/\{"url":"([^"]+)","revision":"[0-9a-f]{32}"\}/g)].map((m) =>
      must(m[1]),
    );
    expect(PRECACHE_PAGES_MAX).toBe(200);
    for (const url of [
      'p/0/index.html',
      'page-data/p/0/page-data.json',
      'p/199/index.html',
      'page-data/p/199/page-data.json',
      'index.html',
      'page-data/index/page-data.json',
      '404.html',
      pageDataUrl('/404.html').slice(1),
      '500.html',
      'page-data/app-data.json',
      'slice-data/footer.json',
      '_ssg-offline.html',
    ])
      expect(listed, url).toContain(url);
    expect(listed).not.toContain('p/200/index.html');
    expect(listed).not.toContain('page-data/p/200/page-data.json');
    expect(listed).not.toContain('p/996/index.html');
    // 200 pages and the 3 required ones, each HTML and data; app-data, a slice, the offline page
    expect(listed.length).toBe(2 * 203 + 3);
  });

  it('has emit keep revisions only for the files of the pages it precaches', () => {
    const pagePaths = [...Array.from({ length: 1000 }, (_, i) => `/p/${i}/`), '/', '/404.html'];
    const files = precachedPageFiles(pagePaths);
    expect(files.size).toBe(2 * 202);
    for (const file of [
      'p/0/index.html',
      'page-data/p/199/page-data.json',
      'index.html',
      '404.html',
    ])
      expect(files).toContain(file);
    expect(files).not.toContain('p/200/index.html');
  });

  it("writes the site's runtimeCaching rules, with their expiration, into the worker's settings", async () => {
    const rules = [
      { urlPrefix: '/images/', strategy: 'CacheFirst', cacheName: 'img', maxEntries: 50 },
      { urlPrefix: '/fonts/', strategy: 'StaleWhileRevalidate', cacheName: 'fonts' },
    ] as const;
    expect(serviceWorkerSettings('vet', rules)).toEqual({
      cacheId: 'ssg-vet',
      offlinePage: '/_ssg-offline.html',
      runtimeCaching: rules,
    });
    const stagingDir = tempDir();
    const ctx = {
      root: MINI_SITE,
      stagingDir,
      brand: 'vet',
      serviceWorker: true,
      runtimeCaching: rules,
      compilationHash: 'abc',
      precache: new Map(),
      pagePaths: [],
      clientFiles: [],
      offlineHtml: offlinePageOf({ lang: 'en' }, undefined),
    } as unknown as ServiceWorkerInput;
    await generateServiceWorker(ctx);
    const sw = readFileSync(path.join(stagingDir, 'sw.js'), 'utf8');
    expect(sw).toContain(JSON.stringify({ build: 'abc', ...serviceWorkerSettings('vet', rules) }));
  });
});
