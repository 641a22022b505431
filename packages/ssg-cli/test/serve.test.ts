// Real: `serve()` over a real build of the mini site, node's HTTP client, zlib, symlinks on disk. Faked: nothing; a few files and links are added to the build folder.
import { mkdirSync, renameSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, SsgError, serve } from '../src/index.ts';
import { buildMini, tempDir } from './helpers.ts';

let server: RunningServer;
let outDir: string;

/** Text over 1 KB, so it is worth compressing. */
const BIG_TEXT = `${'body { color: teal; }\n'.repeat(200)}`;

beforeAll(async () => {
  const result = await buildMini();
  outDir = result.outDir;
  const files: Record<string, string | Buffer> = {
    'doc.pdf': '%PDF-1.4\n',
    'song.mp3': Buffer.alloc(64),
    'font.ttf': Buffer.alloc(64),
    'font.woff2': Buffer.alloc(64),
    'mod.wasm': Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]),
    'app.js.map': '{"version":3}',
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'site.webmanifest': '{"name":"x"}',
    'big.css': BIG_TEXT,
    'small.css': 'a{}',
    'digits.txt': '0123456789'.repeat(10),
    // a precompressed sibling whose bytes differ from compressing the original here
    'pre.js': 'console.log("original");'.repeat(100),
    'pre.js.br': brotliCompressSync('/* from the .br sibling */'),
    'pre.js.gz': gzipSync('/* from the .gz sibling */'),
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(outDir, name), content);
  }
  // a fixed date, so If-Modified-Since can be tested to the second
  const date = new Date('2024-05-01T12:00:00Z');
  utimesSync(path.join(outDir, 'digits.txt'), date, date);
  server = await serve({ dir: outDir, port: 0 });
});
afterAll(() => server?.close());

interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  body: string;
}

/** A raw request: the path is sent exactly as written (no normalisation by a URL parser). */
function get(
  rawPath: string,
  options: { method?: string; headers?: Record<string, string>; base?: string } = {},
): Promise<Response> {
  const { port } = new URL(options.base ?? server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: rawPath, method: options.method, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes,
            body: bytes.toString(),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function appChunkOf(html: string): string {
  const chunk = /"(\/_ssg\/app-[^"]+\.js)"/.exec(html)?.[1];
  if (chunk === undefined) throw new Error('The home page names no app chunk.');
  return chunk;
}

describe('ssg serve: URL rules', () => {
  it('serves pages, data and chunks with their content types and cache rules', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    const data = await get('/page-data/sobre/page-data.json');
    expect(data.headers['content-type']).toBe('application/json; charset=utf-8');
    const js = await get(appChunkOf(home.body));
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('redirects to the trailing-slash form with a relative Location and keeps the query', async () => {
    const res = await get('/sobre?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/sobre/?x=1');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('follows the trailing-slash setting it is given', async () => {
    const never = await serve({ dir: outDir, port: 0, trailingSlash: 'never' });
    try {
      const res = await get('/sobre/?x=1', { base: never.url });
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe('/sobre?x=1');
      expect((await get('//sobre/', { base: never.url })).headers.location).toBe('/sobre');
      expect((await get('/sobre', { base: never.url })).status).toBe(200);
    } finally {
      await never.close();
    }
  });

  it('answers unknown paths with the 404 page and status 404, also to HEAD', async () => {
    const res = await get('/nao-existe/');
    expect(res.status).toBe(404);
    expect(res.body).toContain('Página não encontrada');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await get('/nao-existe/', { method: 'HEAD' })).status).toBe(404);
    expect((await get('/sobre/', { method: 'HEAD' })).status).toBe(200);
  });

  it('does not publish the host configuration kept in the build folder', async () => {
    for (const url of ['/_headers', '/_ssg-host/nginx.conf', '/_ssg-host/builds.json']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toContain('Página não encontrada');
    }
  });

  it('answers 405 to methods other than GET and HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await get('/', { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow, method).toBe('GET, HEAD');
    }
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
      expect(res.status, raw).toBe(404);
      expect(res.body, raw).not.toContain('"name"');
    }
  });

  it('never redirects to another host, whatever slashes the path starts with', async () => {
    for (const raw of [
      '//sobre',
      '//servicos',
      '//evil.example/',
      '/\\evil.example',
      '/%2F%2Fevil.example/',
      '/%5Cevil.example',
      '///evil.example',
      '//evil.example/sobre',
    ]) {
      const res = await get(raw);
      expect([301, 404], raw).toContain(res.status);
      if (res.status === 301) expect(res.headers.location, raw).toMatch(/^\/[^/\\]/);
    }
    // the slashes are merged as nginx does: the page still answers, on this host
    expect((await get('//sobre')).headers.location).toBe('/sobre/');
  });
});

describe('ssg serve: the bytes', () => {
  it('gives each kind of file its type', async () => {
    const types: Array<[string, string]> = [
      ['/doc.pdf', 'application/pdf'],
      ['/song.mp3', 'audio/mpeg'],
      ['/font.ttf', 'font/ttf'],
      ['/font.woff2', 'font/woff2'],
      ['/mod.wasm', 'application/wasm'],
      ['/app.js.map', 'application/json; charset=utf-8'],
      ['/logo.svg', 'image/svg+xml; charset=utf-8'],
      ['/site.webmanifest', 'application/manifest+json; charset=utf-8'],
      ['/page-data/app-data.json', 'application/json; charset=utf-8'],
      ['/sw.js', 'text/javascript; charset=utf-8'],
      ['/small.css', 'text/css; charset=utf-8'],
      ['/sobre/', 'text/html; charset=utf-8'],
    ];
    for (const [url, type] of types) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type'], url).toBe(type);
    }
  });

  it('answers a copy that is still current with 304, by ETag or by date', async () => {
    const first = await get('/digits.txt');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['last-modified']).toBe('Wed, 01 May 2024 12:00:00 GMT');

    const byTag = await get('/digits.txt', { headers: { 'if-none-match': `"x", ${etag}` } });
    expect(byTag.status).toBe(304);
    expect(byTag.bytes.length).toBe(0);
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.headers['cache-control']).toBe('no-cache');
    expect((await get('/digits.txt', { headers: { 'if-none-match': '"other"' } })).status).toBe(
      200,
    );

    const since = (date: string) => get('/digits.txt', { headers: { 'if-modified-since': date } });
    expect((await since('Wed, 01 May 2024 12:00:00 GMT')).status).toBe(304);
    expect((await since('Wed, 01 May 2024 11:59:59 GMT')).status).toBe(200);
  });

  it('serves byte ranges with 206 and refuses ranges past the end with 416', async () => {
    const part = await get('/digits.txt', { headers: { range: 'bytes=10-14' } });
    expect(part.status).toBe(206);
    expect(part.body).toBe('01234');
    expect(part.headers['content-range']).toBe('bytes 10-14/100');
    const tail = await get('/digits.txt', { headers: { range: 'bytes=-3' } });
    expect(tail.status).toBe(206);
    expect(tail.body).toBe('789');
    expect(tail.headers['content-range']).toBe('bytes 97-99/100');
    const past = await get('/digits.txt', { headers: { range: 'bytes=100-' } });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */100');
    // a Range on an unknown path does not turn the 404 page into a part
    expect((await get('/nao-existe/', { headers: { range: 'bytes=0-9' } })).status).toBe(404);
  });

  it('compresses text on the fly with the coding the client accepts', async () => {
    const as = (acceptEncoding: string) =>
      get('/big.css', { headers: { 'accept-encoding': acceptEncoding } });

    const br = await as('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(BIG_TEXT);
    const gzip = await as('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(BIG_TEXT);
    const identity = await as('gzip;q=0');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(BIG_TEXT);
    expect((await as('identity')).headers['content-encoding']).toBeUndefined();
    expect((await get('/big.css')).headers['content-encoding']).toBeUndefined();

    for (const res of [br, gzip, identity]) expect(res.headers.vary).toBe('Accept-Encoding');
    // caches key on the ETag: each coding has its own
    expect(new Set([br, gzip, identity].map((r) => r.headers.etag)).size).toBe(3);
    const stale = await get('/big.css', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(stale.status).toBe(200);
    expect(stale.headers['content-encoding']).toBe('gzip');

    // under 1 KB is not worth it
    expect(
      (await get('/small.css', { headers: { 'accept-encoding': 'br' } })).headers,
    ).not.toHaveProperty('content-encoding');
  });

  it('serves the precompressed sibling when there is one', async () => {
    const br = await get('/pre.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(br.bytes).toString()).toBe('/* from the .br sibling */');
    const gzip = await get('/pre.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe('/* from the .gz sibling */');
    const plain = await get('/pre.js', { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log("original")');
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });
});

describe('ssg serve: nothing outside the site is published', () => {
  /** Links and dotfiles as an editor, a content PR or a copied folder may leave them. */
  beforeAll(() => {
    const at = (name: string) => path.join(outDir, name);
    symlinkSync('/etc/passwd', at('passwd.txt'));
    symlinkSync('/etc', at('etc'));
    writeFileSync(at('inner.txt'), 'inside the site');
    symlinkSync(at('inner.txt'), at('inner-link.txt'));
    symlinkSync(at('page-data'), at('data-link'));
    writeFileSync(at('leak.css'), BIG_TEXT);
    symlinkSync('/etc/passwd', at('leak.css.gz'));
    writeFileSync(at('.env'), 'SECRET=1');
    mkdirSync(at('.git'));
    writeFileSync(at('.git/config'), '[core]');
    mkdirSync(at('images'), { recursive: true });
    writeFileSync(at('images/.env'), 'SECRET=2');
    mkdirSync(at('.well-known'));
    writeFileSync(at('.well-known/security.txt'), 'Contact: mailto:security@example.com');
    writeFileSync(at('.well-known/.hidden'), 'no');
  });

  it('answers 404 for a link whose target leaves the folder, a file or a directory', async () => {
    for (const url of ['/passwd.txt', '/etc/passwd', '/etc/hostname', '/etc/', '/etc']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toContain('Página não encontrada');
      expect(res.body, url).not.toContain('root:');
    }
    // nor through a precompressed sibling that is such a link: the file itself is sent
    const css = await get('/leak.css', { headers: { 'accept-encoding': 'gzip' } });
    expect(css.status).toBe(200);
    expect(gunzipSync(css.bytes).toString()).toBe(BIG_TEXT);
  });

  it('serves a link that stays inside the folder', async () => {
    expect((await get('/inner-link.txt')).body).toBe('inside the site');
    const data = await get('/data-link/app-data.json');
    expect(data.status).toBe(200);
    expect(data.body).toContain('compilationHash');
  });

  it('answers 404 for dotfiles and dot-folders, except /.well-known/', async () => {
    for (const url of [
      '/.env',
      '/.git/config',
      '/images/.env',
      '/%2eenv',
      '/.well-known/.hidden',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).not.toContain('SECRET');
      expect(res.body, url).not.toContain('[core]');
    }
    const security = await get('/.well-known/security.txt');
    expect(security.status).toBe(200);
    expect(security.body).toBe('Contact: mailto:security@example.com');
  });

  it('follows a root that is a symlink to wherever it points now', async () => {
    const dir = tempDir();
    const builds: Array<[string, string]> = [
      ['a', 'build A'],
      ['b', 'build B'],
    ];
    for (const [name, text] of builds) {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, 'index.html'), `<!DOCTYPE html><p>${text}</p>`);
    }
    writeFileSync(path.join(dir, 'b', 'new.txt'), 'only in B');
    const root = path.join(dir, 'site');
    symlinkSync('a', root);
    const linked = await serve({ dir: root, port: 0 });
    try {
      expect((await get('/', { base: linked.url })).body).toContain('build A');
      expect((await get('/new.txt', { base: linked.url })).status).toBe(404);
      // a deploy replaces the link in one rename(2)
      symlinkSync('b', `${root}.next`);
      renameSync(`${root}.next`, root);
      expect((await get('/', { base: linked.url })).body).toContain('build B');
      expect((await get('/new.txt', { base: linked.url })).body).toBe('only in B');
    } finally {
      await linked.close();
    }
  });
});

describe('ssg serve: the port', () => {
  /** A server holding a port, as another program would. */
  async function occupy(): Promise<{ port: number; close(): Promise<void> }> {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as { port: number };
    return { port, close: () => new Promise((resolve) => other.close(() => resolve())) };
  }

  it('takes the next free port when the one asked for is in use, and says which', async () => {
    const other = await occupy();
    try {
      const next = await serve({ dir: outDir, port: other.port });
      try {
        expect(next.requestedPort).toBe(other.port);
        expect(next.port).toBeGreaterThan(other.port);
        expect(next.port).toBeLessThan(other.port + 10);
        expect(next.url).toBe(`http://127.0.0.1:${next.port}/`);
        expect((await get('/', { base: next.url })).status).toBe(200);
      } finally {
        await next.close();
      }
    } finally {
      await other.close();
    }
  });

  it('fails with a usage error instead when strictPort is set', async () => {
    const other = await occupy();
    try {
      const error = await serve({ dir: outDir, port: other.port, strictPort: true }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SsgError);
      expect(error).toMatchObject({
        code: 'PORT_IN_USE',
        message: `Port ${other.port} is in use.`,
        hint: 'Stop the other server or pass --port N.',
      });
    } finally {
      await other.close();
    }
  });

  it('listens on every address with host true and gives a localhost URL', async () => {
    const all = await serve({ dir: outDir, port: 0, host: true });
    try {
      expect(all.url).toBe(`http://localhost:${all.port}/`);
      expect((await get('/', { base: all.url })).status).toBe(200);
    } finally {
      await all.close();
    }
  });
});
