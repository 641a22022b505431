// Real: `serve()` over a real build of the mini site, with node's HTTP client. Faked: nothing.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../src/index.ts';
import { buildMini } from './helpers.ts';

let server: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  const result = await buildMini();
  server = await serve({ dir: result.outDir, port: 0 });
});
afterAll(() => server?.close());

/** A raw request: the path is sent exactly as written (no normalisation by a URL parser). */
function get(
  rawPath: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, method }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('ssg serve', () => {
  it('serves pages, data and chunks with their content types and cache rules', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    const data = await get('/page-data/sobre/page-data.json');
    expect(data.headers['content-type']).toBe('application/json; charset=utf-8');
    const chunk = /"(\/_ssg\/app-[^"]+\.js)"/.exec(home.body)![1]!;
    const js = await get(chunk);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('redirects to the trailing-slash form and keeps the query', async () => {
    const res = await get('/sobre?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/sobre/?x=1');
  });

  it('answers unknown paths with the 404 page and status 404, also to HEAD', async () => {
    const res = await get('/nao-existe/');
    expect(res.status).toBe(404);
    expect(res.body).toContain('Página não encontrada');
    expect((await get('/nao-existe/', 'HEAD')).status).toBe(404);
    expect((await get('/sobre/', 'HEAD')).status).toBe(200);
  });

  it('lets no request escape the folder', async () => {
    for (const raw of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/sobre/..%5c..%5cpackage.json',
      '/%00',
    ]) {
      const res = await get(raw);
      expect([400, 404], raw).toContain(res.status);
      expect(res.body, raw).not.toContain('"name"');
    }
  });
});
