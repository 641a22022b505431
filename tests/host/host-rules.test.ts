// Real: build() of the mini fixture site, Debian's nginx with the generated snippet, `ssg serve`, node's HTTP client. Faked: nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type RunningServer, serve } from '@ssg/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { buildMini, rawGet, tempOut } from './helpers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let nginx: RunningNginx;
let preview: RunningServer;
let outDir: string;
let appChunk: string;
let pageChunk: string;

beforeAll(async () => {
  const result = await buildMini({ outDir: tempOut() });
  outDir = result.outDir;
  nginx = await startNginx(outDir);
  preview = await serve({ dir: outDir, port: 0, host: '127.0.0.1' });
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  appChunk = /"(\/_ssg\/app-[^"]+\.js)"/.exec(html)?.[1] ?? '';
  const sobre = readFileSync(path.join(outDir, 'sobre/index.html'), 'utf8');
  pageChunk = /"(\/_ssg\/page-[^"]+\.js)"/.exec(sobre)?.[1] ?? '';
});
afterAll(async () => {
  await nginx?.stop();
  await preview?.close();
});

describe('nginx with the generated snippet', () => {
  it('serves each kind of file with its status and cache rule', async () => {
    const cases: Array<[string, number, string, RegExp]> = [
      ['/', 200, 'no-cache', /^text\/html/],
      ['/sobre/', 200, 'no-cache', /^text\/html/],
      ['/404.html', 200, 'no-cache', /^text\/html/],
      ['/500.html', 200, 'no-cache', /^text\/html/],
      ['/page-data/app-data.json', 200, 'no-cache', /^application\/json/],
      ['/page-data/sobre/page-data.json', 200, 'no-cache', /^application\/json/],
      ['/slice-data/footer.json', 200, 'no-cache', /^application\/json/],
      ['/sw.js', 200, 'no-cache', /javascript/],
      [appChunk, 200, IMMUTABLE, /javascript/],
      [pageChunk, 200, IMMUTABLE, /javascript/],
    ];
    for (const [url, status, cacheControl, type] of cases) {
      const res = await rawGet(nginx.url, url);
      expect(res.status, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe(cacheControl);
      expect(String(res.headers['content-type']), url).toMatch(type);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('answers an unknown path with the 404 page, status 404 and no long cache', async () => {
    for (const url of ['/nao-existe/', '/nao-existe', '/_ssg/gone-abc123.js']) {
      const res = await rawGet(nginx.url, url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toContain('Página não encontrada');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await rawGet(nginx.url, '/nao-existe/', 'HEAD')).status).toBe(404);
  });

  it('redirects to the trailing-slash form with a relative Location that keeps the query', async () => {
    const res = await rawGet(nginx.url, '/sobre?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/sobre/?x=1');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await rawGet(nginx.url, '/sobre/')).status).toBe(200);
  });

  it('does not publish the host configuration kept in the build folder', async () => {
    for (const url of ['/_headers', '/_ssg-host/nginx.conf', '/_ssg-host/builds.json']) {
      expect((await rawGet(nginx.url, url)).status, url).toBe(404);
    }
  });

  it('never redirects to another host, nor does `ssg serve`, whatever slashes the path starts with', async () => {
    const urls = [
      '//sobre',
      '//servicos',
      '//evil.example/',
      '//evil.example/sobre',
      '///evil.example',
      '/\\evil.example',
      '/%2F%2Fevil.example/',
      '/%2F%2Fevil.example/sobre',
      '/%2F%2Fsobre',
      '/%2F/sobre',
      '/%5Cevil.example',
      '/%5C%5Cevil.example/sobre',
    ];
    for (const base of [nginx.url, preview.url]) {
      for (const url of urls) {
        const res = await rawGet(base, url);
        const where = `${base} ${url}: ${res.status} ${res.headers.location ?? '-'}`;
        expect([301, 404], where).toContain(res.status);
        if (res.status === 301) expect(res.headers.location, where).toMatch(/^\/[^/\\]/);
      }
    }
    // both merge the slashes: the page answers on this host
    expect((await rawGet(nginx.url, '//sobre')).headers.location).toBe('/sobre/');
    expect((await rawGet(preview.url, '//sobre')).headers.location).toBe('/sobre/');
  });

  it('`ssg serve` answers every one of these URLs as nginx does', async () => {
    const urls = [
      '/',
      '/index.html',
      '/sobre',
      '/sobre/',
      '/sobre?x=1',
      '/sobre/index.html',
      '/404.html',
      '/500.html',
      '/_ssg-offline.html',
      '/nao-existe',
      '/nao-existe/',
      '/sw.js',
      '/robots.txt',
      '/page-data/app-data.json',
      '/page-data/index/page-data.json',
      '/slice-data/footer.json',
      appChunk,
      pageChunk,
      '/_ssg/',
      '/_ssg/gone.js',
      '/_headers',
      '/_ssg-host/nginx.conf',
      '/page-data/',
      '/sobre/index.html/',
    ];
    const differences: string[] = [];
    for (const url of urls) {
      const [a, b] = await Promise.all([rawGet(nginx.url, url), rawGet(preview.url, url)]);
      const view = (r: typeof a) =>
        `${r.status} ${r.headers.location ?? '-'} ${r.headers['cache-control'] ?? '-'} ${r.headers['x-content-type-options'] ?? '-'} ${r.headers['content-security-policy'] ?? '-'}`;
      if (view(a) !== view(b)) differences.push(`${url}: nginx ${view(a)} | ssg serve ${view(b)}`);
    }
    expect(differences).toEqual([]);
  });
});

describe('trailing slash "never" and "ignore" in nginx', () => {
  it('"never" sends /sobre/ to /sobre and serves /sobre', async () => {
    const result = await buildMini({ outDir: tempOut(), trailingSlash: 'never' });
    const server = await startNginx(result.outDir);
    try {
      const res = await rawGet(server.url, '/sobre/?x=1');
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe('/sobre?x=1');
      expect((await rawGet(server.url, '//sobre/')).headers.location).toBe('/sobre');
      expect((await rawGet(server.url, '/sobre')).status).toBe(200);
      expect((await rawGet(server.url, '/')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('"ignore" serves both forms', async () => {
    const result = await buildMini({ outDir: tempOut(), trailingSlash: 'ignore' });
    const server = await startNginx(result.outDir);
    try {
      expect((await rawGet(server.url, '/sobre')).status).toBe(200);
      expect((await rawGet(server.url, '/sobre/')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
