// Real: build() of a copy of the mini fixture site whose address is https (an image added to its home page), Debian's nginx with the generated snippet and `ssg serve`, Debian Chromium opening them at a plain-http origin that is not localhost. Faked: the name lan.test, mapped to 127.0.0.1 by Chromium's host-resolver rule (a phone on the LAN, an intranet host).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RunningServer, serve } from '@ssg/cli';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SW_INSECURE_MESSAGE } from '../../packages/loader/src/constants.ts';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { buildMini, hydrated, launchWith, miniSiteCopy, tempOut } from './helpers.ts';

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let nginx: RunningNginx;
let preview: RunningServer;
let chromium: { browser: Browser; close(): Promise<void> };

beforeAll(async () => {
  const site = miniSiteCopy();
  const edit = (file: string, from: string, to: string) => {
    const at = path.join(site.root, file);
    writeFileSync(at, readFileSync(at, 'utf8').replace(from, to));
  };
  // deployed over https: before, every page's policy upgraded its requests, on any origin
  edit('src/site.ts', "lang: 'pt-BR',", "lang: 'pt-BR',\n  url: () => 'https://mini.example.com',");
  edit(
    'src/pages/home.tsx',
    '<h1>Início</h1>',
    '<h1>Início</h1><img src="/imagens/ponto.png" alt="Ponto" width="1" height="1" />',
  );
  mkdirSync(path.join(site.root, 'public/imagens'), { recursive: true });
  writeFileSync(path.join(site.root, 'public/imagens/ponto.png'), PIXEL);
  const { outDir } = await buildMini({ ...site, outDir: tempOut() });
  nginx = await startNginx(outDir);
  preview = await serve({ dir: outDir, port: 0, host: '127.0.0.1' });
  chromium = await launchWith(['--host-resolver-rules=MAP lan.test 127.0.0.1']);
}, 180_000);
afterAll(async () => {
  await chromium?.close();
  await nginx?.stop();
  await preview?.close();
});

describe('a plain-http origin that is not localhost gets a working site', () => {
  it.for([
    ['nginx', () => nginx.port],
    ['ssg serve', () => preview.port],
  ] as const)(
    "%s at http://lan.test: images load, React hydrates, the service worker is refused with the spec's message, and no header the browser ignores logs an error",
    async ([, port]) => {
      const context = await chromium.browser.createBrowserContext();
      const page = await context.newPage();
      const logged: string[] = [];
      const failed: string[] = [];
      page.on('console', (message) => logged.push(message.text()));
      const errors: string[] = [];
      page.on('console', (message) => {
        // the mini site has no favicon.ico (the clinic has one)
        const at = message.location().url ?? '';
        if (message.type() === 'error' && !at.endsWith('/favicon.ico'))
          errors.push(`${message.text()} ${at}`);
      });
      page.on('requestfailed', (request) => failed.push(request.url()));
      try {
        const origin = `http://lan.test:${port()}`;
        const response = await page.goto(`${origin}/`, { waitUntil: 'load' });
        await hydrated(page);
        // applied only over https or on localhost: elsewhere Chromium logs an error for it
        expect(response?.headers()['cross-origin-opener-policy']).toBeUndefined();
        const image = await page.$eval('img[alt="Ponto"]', (img) => ({
          loaded: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          src: (img as HTMLImageElement).currentSrc,
        }));
        expect(image).toEqual({ loaded: true, src: `${origin}/imagens/ponto.png` });
        await expect.poll(() => logged).toContain(SW_INSECURE_MESSAGE);
        expect(failed).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
