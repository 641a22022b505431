// Real: build() of the mini site, its sw.js, serve() and node's HTTP client and zlib. Faked: nothing.
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxSnippet } from '../src/host/nginx.ts';
import { type RunningServer, serve } from '../src/index.ts';
import { buildMini, listFiles } from './helpers.ts';

let outDir: string;
let server: RunningServer;

beforeAll(async () => {
  outDir = (await buildMini()).outDir;
  server = await serve({ dir: outDir, port: 0 });
}, 60_000);
afterAll(() => server?.close());

const raw = (url: string, acceptEncoding: string) =>
  new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(new URL(url, server.url), {
      headers: { 'accept-encoding': acceptEncoding },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('compressed siblings', () => {
  it('are written for every text file over 1 KB (brotli and gzip of the same bytes), for no other', () => {
    const files = listFiles(outDir);
    const text = files.filter((f) => /\.(html|json|js|css|svg|xml|txt)$/.test(f));
    const big = text.filter((f) => readFileSync(path.join(outDir, f)).byteLength > 1024);
    expect(big).toContain('index.html');
    expect(big.some((f) => f.startsWith('_ssg/') && f.endsWith('.js'))).toBe(true);
    for (const file of big.filter((f) => f !== 'sw.js' && !f.startsWith('_ssg-host/'))) {
      const original = readFileSync(path.join(outDir, file));
      expect(brotliDecompressSync(readFileSync(path.join(outDir, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(path.join(outDir, `${file}.gz`)))).toEqual(original);
    }
    for (const file of text.filter((f) => !big.includes(f))) {
      expect(existsSync(path.join(outDir, `${file}.br`)), file).toBe(false);
    }
  });

  it('are not in the service worker precache', () => {
    const sw = readFileSync(path.join(outDir, 'sw.js'), 'utf8');
    expect(sw).toContain('"index.html"');
    expect(sw).not.toMatch(/\.(br|gz)"/);
  });

  it('are sent by ssg serve as they are, with Content-Encoding and Vary', async () => {
    for (const [coding, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const res = await raw('/', coding);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body).toEqual(readFileSync(path.join(outDir, `index.html${ext}`)));
    }
    const plain = await raw('/', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(readFileSync(path.join(outDir, 'index.html')));
  });

  it("include the 404 page's, which ssg serve sends for unknown paths", async () => {
    const res = await raw('/nao-existe/', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toEqual(readFileSync(path.join(outDir, '404.html.br')));
  });

  it('are served by the nginx snippet (gzip_static; brotli_static documented)', () => {
    const snippet = nginxSnippet({ trailingSlash: 'always' });
    expect(snippet).toMatch(/^gzip_static on;$/m);
    expect(snippet).toContain('brotli_static on;');
  });

  it('are not written with compress "none"', async () => {
    const none = await buildMini({ compress: 'none' });
    expect(listFiles(none.outDir).filter((f) => /\.(br|gz)$/.test(f))).toEqual([]);
  }, 60_000);
});
