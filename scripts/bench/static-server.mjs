/**
 * A small static file server on the loopback for the browser benchmarks, with the URL rules
 * of the generated host config (`/x/` → `/x/index.html`, `/x` → `/x.html`, 404.html for
 * unknown paths) and gzip for text, as any CDN would serve it. Independent of `ssg serve`,
 * so a change there cannot move the browser figures.
 */

import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * @param {string} dir
 * @param {string} pathname
 */
function resolveFile(dir, pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const base = join(dir, clean);
  if (!base.startsWith(dir)) return null;
  for (const candidate of [base, join(base, 'index.html'), `${base}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Serves `dir` on 127.0.0.1 at a free port; resolves `{ url, close() }`.
 * @param {string} dir
 * @returns {Promise<import('./types').Served>}
 */
export function serveStatic(dir) {
  /** @type {Map<string, Buffer>} */
  const cache = new Map();
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    let file = resolveFile(dir, pathname);
    let status = 200;
    if (!file) {
      status = 404;
      file = resolveFile(dir, '/404.html');
      if (!file) {
        res.writeHead(404).end('not found');
        return;
      }
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const hashed = /[-.][A-Za-z0-9_-]{8,}\.(js|css|mjs)$/.test(file);
    /** @type {Record<string, string | number>} */
    const headers = {
      'content-type': type,
      'cache-control': hashed
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate',
    };
    /** @type {Buffer} */
    let body = readFileSync(file);
    if (
      /^(text|application\/(json|xml|manifest))|svg/.test(type) &&
      /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    ) {
      let gzipped = cache.get(file);
      if (!gzipped) {
        gzipped = gzipSync(body);
        cache.set(file, gzipped);
      }
      body = gzipped;
      headers['content-encoding'] = 'gzip';
      headers.vary = 'Accept-Encoding';
    }
    headers['content-length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((/** @type {(value?: void) => void} */ r) => server.close(() => r())),
      });
    });
  });
}
