// Real: build() of a copy of the mini fixture site with a script-bearing SVG in public/, Debian's nginx with the generated snippet, `ssg serve`, a bare Node server that sends no headers (the control), the `_headers` file, Debian Chromium opening the SVG directly. Faked: nothing.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { type RunningServer, serve } from '@ssg/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchChromium } from '../support/browser.ts';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { buildMini, miniSiteCopy, tempOut } from './helpers.ts';

const FILE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";
/** An SVG whose script marks the document and asks for a URL: either shows that it ran. */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
<rect width="40" height="40" fill="teal"/>
<script>document.documentElement.setAttribute('data-ran', 'yes'); new Image().src = '/svg-script-ran.png';</script>
</svg>
`;

let outDir: string;
let nginx: RunningNginx;
let preview: RunningServer;
let bare: Server;
let bareUrl: string;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  const site = miniSiteCopy();
  mkdirSync(path.join(site.root, 'public/imagens'), { recursive: true });
  writeFileSync(path.join(site.root, 'public/imagens/logo.svg'), SVG);
  outDir = (await buildMini({ ...site, outDir: tempOut() })).outDir;
  nginx = await startNginx(outDir);
  preview = await serve({ dir: outDir, port: 0, host: '127.0.0.1' });
  // the control: the same file from a host that sends no policy, where its script does run
  bare = createServer((req, res) => {
    if (req.url !== '/imagens/logo.svg') return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
    res.end(readFileSync(path.join(outDir, 'imagens/logo.svg')));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
  chromium = await launchChromium();
}, 180_000);
afterAll(async () => {
  await chromium?.close();
  await nginx?.stop();
  await preview?.close();
  if (bare) await new Promise((resolve) => bare.close(resolve));
});

/** Opens the SVG as a document: whether its script ran (the mark, or the request it makes). */
async function openSvg(base: string): Promise<{ ran: boolean; policy: string | undefined }> {
  const context = await chromium.browser.createBrowserContext();
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  try {
    const response = await page.goto(new URL('/imagens/logo.svg', base).href, {
      waitUntil: 'load',
    });
    const marked = await page.evaluate(() => document.documentElement.getAttribute('data-ran'));
    return {
      ran: marked === 'yes' || asked.includes('/svg-script-ran.png'),
      policy: response?.headers()['content-security-policy'],
    };
  } finally {
    await context.close();
  }
}

describe('a script-bearing SVG opened directly runs nothing', () => {
  it('the control: from a host without a policy, its script runs', async () => {
    expect((await openSvg(bareUrl)).ran).toBe(true);
  });

  it('on nginx and on ssg serve: the file policy, and the script does not run', async () => {
    for (const [host, base] of [
      ['nginx', nginx.url],
      ['ssg serve', preview.url],
    ] as const) {
      const opened = await openSvg(base);
      expect(opened.policy, host).toBe(FILE_POLICY);
      expect(opened.ran, host).toBe(false);
    }
  });

  it('_headers gives SVG (and the other file types a browser runs script in) the file policy', () => {
    const rules = readFileSync(path.join(outDir, '_headers'), 'utf8').split(/\n(?=\/)/);
    for (const type of ['svg', 'xml', 'xhtml', 'pdf'])
      expect(rules, type).toContain(`/*.${type}\n  Content-Security-Policy: ${FILE_POLICY}`);
  });
});
