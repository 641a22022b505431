// Real: build() of the mini fixture site, Debian's nginx with the generated snippet included in an operator's server block that sets its own header, symbolic links inside the served folder and a symlinked document root. Faked: nothing.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { buildMini, rawGet, tempOut } from './helpers.ts';

const OPERATOR_HSTS = 'max-age=31536000; includeSubDomains';

let outDir: string;
let operator: string;
let nginx: RunningNginx;
let chunk: string;

beforeAll(async () => {
  outDir = (await buildMini({ outDir: tempOut() })).outDir;
  chunk =
    /"(\/_ssg\/app-[^"]+\.js)"/.exec(readFileSync(path.join(outDir, 'index.html'), 'utf8'))?.[1] ??
    '';
  // links someone put inside the published folder: a file and a folder outside the site
  symlinkSync('/etc/passwd', path.join(outDir, 'senhas.txt'));
  symlinkSync('/etc', path.join(outDir, 'sistema'));
  // the operator's server block, as the README says: their add_header beside the include
  operator = mkdtempSync(path.join(tmpdir(), 'ssg-operator-'));
  writeFileSync(
    path.join(operator, 'server.conf'),
    `add_header Strict-Transport-Security "${OPERATOR_HSTS}" always;\ninclude ${outDir}/_ssg-host/nginx.conf;\n`,
  );
  nginx = await startNginx(outDir, { snippet: path.join(operator, 'server.conf') });
});
afterAll(async () => {
  await nginx?.stop();
  if (operator) rmSync(operator, { recursive: true, force: true });
});

describe("nginx keeps the operator's server-level headers", () => {
  it('a server-level Strict-Transport-Security is sent on a page, a chunk under /_ssg/, data and a 404', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/sobre/', 200],
      [chunk, 200],
      ['/page-data/app-data.json', 200],
      ['/nao-existe/', 404],
      ['/_ssg-host/nginx.conf', 404],
    ] as const) {
      const res = await rawGet(nginx.url, url);
      expect(res.status, url).toBe(status);
      expect(res.headers['strict-transport-security'], url).toBe(OPERATOR_HSTS);
      // and the snippet's own headers are still there
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cache-control'], url).toMatch(/no-cache|immutable/);
    }
  });
});

describe('nginx publishes nothing a symbolic link points to', () => {
  it('a link to /etc/passwd and a link to /etc inside the folder answer 404 or 403, never the file', async () => {
    for (const url of ['/senhas.txt', '/sistema/passwd', '/sistema/hostname', '/sistema/']) {
      const res = await rawGet(nginx.url, url);
      expect([403, 404], `${url}: ${res.status}`).toContain(res.status);
      expect(res.body, url).not.toMatch(/root:x?:0:0/);
    }
  });

  it('a document root that is itself a symbolic link (replaced on each deploy) still serves the site', async () => {
    const links = mkdtempSync(path.join(tmpdir(), 'ssg-root-link-'));
    const live = path.join(links, 'live');
    symlinkSync(outDir, live, 'dir');
    const server = await startNginx(live);
    try {
      expect((await rawGet(server.url, '/')).status).toBe(200);
      expect((await rawGet(server.url, '/sobre/')).status).toBe(200);
      expect((await rawGet(server.url, chunk)).status).toBe(200);
      const linked = await rawGet(server.url, '/senhas.txt');
      expect([403, 404]).toContain(linked.status);
    } finally {
      await server.stop();
      rmSync(links, { recursive: true, force: true });
    }
  });
});
