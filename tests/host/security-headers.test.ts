// Real: build() of a copy of the mini fixture site (its config sets HSTS, its address is https), Debian's nginx with the generated snippet over HTTP and over TLS (a throwaway self-signed certificate), `ssg serve`, the `_headers` file. Faked: nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningServer, serve } from '@ssg/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { buildMini, miniSiteCopy, type RawResponse, rawGet, tempOut } from './helpers.ts';

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

let outDir: string;
let tls: string;
let tlsPort: number;
let nginx: RunningNginx;
let preview: RunningServer;
const PAGE = "frame-ancestors 'none'";
const FILE = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** GET over TLS to nginx, certificate not checked (it is the throwaway one made above). */
const tlsGet = (rawPath: string): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: tlsPort, path: rawPath, rejectUnauthorized: false },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });

beforeAll(async () => {
  const site = miniSiteCopy();
  writeFileSync(
    path.join(site.root, 'ssg.config.mjs'),
    'export default { hsts: { maxAge: 600 } };\n',
  );
  const siteFile = path.join(site.root, 'src/site.ts');
  writeFileSync(
    siteFile,
    readFileSync(siteFile, 'utf8').replace(
      "lang: 'pt-BR',",
      "lang: 'pt-BR',\n  url: () => 'https://mini.example.com',",
    ),
  );
  outDir = (await buildMini({ ...site, outDir: tempOut() })).outDir;
  // a second, TLS listener in the same server block, then the generated snippet
  tls = mkdtempSync(path.join(tmpdir(), 'ssg-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      `${tls}/key.pem`,
      '-out',
      `${tls}/cert.pem`,
    ],
    { stdio: 'ignore' },
  );
  tlsPort = 20_000 + Math.floor(Math.random() * 20_000);
  writeFileSync(
    path.join(tls, 'server.conf'),
    `listen 127.0.0.1:${tlsPort} ssl;\nssl_certificate ${tls}/cert.pem;\nssl_certificate_key ${tls}/key.pem;\ninclude ${outDir}/_ssg-host/nginx.conf;\n`,
  );
  nginx = await startNginx(outDir, { snippet: path.join(tls, 'server.conf') });
  preview = await serve({ dir: outDir, port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await nginx?.stop();
  await preview?.close();
  if (tls) rmSync(tls, { recursive: true, force: true });
});

describe('security headers on every host', () => {
  it('nginx and ssg serve: the same headers on pages, chunks, data and 404s; the policy by kind of file, the hashes in each page', async () => {
    const chunk =
      /"(\/_ssg\/app-[^"]+\.js)"/.exec(
        readFileSync(path.join(outDir, 'index.html'), 'utf8'),
      )?.[1] ?? '';
    const policyOf: Record<string, string | undefined> = {
      '/': PAGE,
      '/sobre/': PAGE,
      '/nao-existe/': PAGE,
      '/_ssg-offline.html': PAGE,
      // a worker takes its policy from its own response: scripts get none
      [chunk]: undefined,
      '/sw.js': undefined,
      '/page-data/app-data.json': FILE,
      '/robots.txt': FILE,
    };
    for (const [host, base] of [
      ['nginx', nginx.url],
      ['ssg serve', preview.url],
    ] as const) {
      for (const [url, policy] of Object.entries(policyOf)) {
        const res = await rawGet(base, url);
        const where = `${host} ${url}`;
        for (const [name, value] of Object.entries(COMMON))
          expect(res.headers[name], where).toBe(value);
        expect(res.headers['permissions-policy'], where).toMatch(
          /camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\).*usb=\(\)/,
        );
        // plain HTTP: never upgrade-insecure-requests, never HSTS
        expect(res.headers['content-security-policy'], where).toBe(policy);
        expect(res.headers['strict-transport-security'], where).toBeUndefined();
      }
    }
    // each page carries its own policy: the hashes of its inline code, never upgrade-insecure-requests
    const meta =
      /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(
        readFileSync(path.join(outDir, 'sobre/index.html'), 'utf8'),
      )?.[1] ?? '';
    expect(meta).toMatch(
      /^default-src 'self'; script-src 'self' 'sha256-[^;]+; style-src 'self' 'sha256-/,
    );
    expect(meta).not.toContain('upgrade-insecure-requests');
  });

  it('nginx: HSTS and upgrade-insecure-requests only over HTTPS, no version in the Server header', async () => {
    const secure = await tlsGet('/');
    expect(secure.status).toBe(200);
    expect(secure.headers['strict-transport-security']).toBe('max-age=600');
    expect(secure.headers['content-security-policy']).toBe(`${PAGE}; upgrade-insecure-requests`);
    const plain = await rawGet(nginx.url, '/');
    expect(plain.headers.server).toBe('nginx');
  });

  it('_headers: the same headers, HSTS included (those hosts serve HTTPS only)', () => {
    const file = readFileSync(path.join(outDir, '_headers'), 'utf8');
    expect(file).toContain(
      '/*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n  Permissions-Policy: ',
    );
    expect(file).toContain(
      '  X-Frame-Options: DENY\n  Cross-Origin-Opener-Policy: same-origin\n  Strict-Transport-Security: max-age=600',
    );
    // an https site: its pages upgrade their requests there
    expect(file).toContain(`  Content-Security-Policy: ${PAGE}; upgrade-insecure-requests\n`);
    expect(file).toContain(`/sobre/\n  Cache-Control: no-cache\n`);
  });
});
