// Real: build() of every brand of the clinic site, Debian's nginx with the generated snippet, `ssg serve`, Debian Chromium with the service worker, the emitted policies. Faked: the network going away (DevTools offline emulation), and one page with an injected inline script.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningServer, serve } from '@ssg/cli';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '../../packages/site/src/brands.ts';
import { hydrated, type LaunchedBrowser, launchChromium } from '../support/browser.ts';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { clinicBuild } from '../support/site-build.ts';
import { goOffline, reportingPage as reportingPageOf, type Violation } from './helpers.ts';

interface Host {
  name: string;
  brand: string;
  url: string;
  root: string;
}

type HostName = 'nginx' | 'ssg serve';
/**
 * Which brand is visited on which host, and how. The policy travels in each page's bytes (its
 * <meta>, with the hashes of that brand's inline styles), so every page of every brand is loaded as
 * a document: vet's and digital's in their journeys, through the worker, the others' without it.
 * The header a host adds is the same for every page of every brand: ssg serve's is read on every
 * page of vet, nginx's on every page of med, psico and odonto, without the worker. The service
 * worker, client navigation and the offline page run the same code for every brand, and a page
 * sends the same bytes with or without it: the whole journey (worker on, documents, client
 * navigation, offline) once per host, on a different brand each, and digital (whose documents its
 * journey loads) not a second time.
 */
const VISITS: ReadonlyArray<{ brand: string; host: HostName; journey: boolean }> = [
  { brand: 'vet', host: 'nginx', journey: true },
  { brand: 'digital', host: 'ssg serve', journey: true },
  { brand: 'vet', host: 'ssg serve', journey: false },
  ...BRANDS.filter((brand) => brand !== 'vet' && brand !== 'digital').map((brand) => ({
    brand,
    host: 'nginx' as const,
    journey: false,
  })),
];
/** The page the worker answers with offline, written by the build beside the pages. */
const OFFLINE_PAGE = '/_ssg-offline.html';
const INJECTED = '/injetada/';
/** A document has loaded, and React has hydrated it: its scripts all ran under the policy. */
async function loaded(page: Page, url?: string): Promise<void> {
  await (url ? page.goto(url, { waitUntil: 'load' }) : page.reload({ waitUntil: 'load' }));
  await hydrated(page);
}

let chromium: LaunchedBrowser;
const hosts: Host[] = [];
const closers: Array<() => Promise<unknown>> = [];

/** Page paths of a build: its HTML files (`/`, `/servicos/`, `/404.html`…), not the offline page. */
function pagePaths(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith('_ssg'))
    .map((f) => `/${f.split(path.sep).join('/')}`.replace(/index\.html$/, ''))
    .sort();
}

beforeAll(async () => {
  chromium = await launchChromium();
  for (const brand of BRANDS) {
    // a copy of the run's shared build: this file adds a page to it
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'ssg-csp-')), brand);
    cpSync((await clinicBuild(brand)).outDir, outDir, { recursive: true, dereference: true });
    // a page someone slipped an inline script into, beside the built ones
    const home = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const injected = home.replace('</body>', '<script>window.__injected = true;</script></body>');
    const dir = path.join(outDir, INJECTED);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), injected);
    const on = (name: HostName) => VISITS.some((v) => v.brand === brand && v.host === name);
    if (on('nginx')) {
      const nginx: RunningNginx = await startNginx(outDir);
      closers.push(() => nginx.stop());
      hosts.push({ name: 'nginx', brand, url: nginx.url, root: outDir });
    }
    if (on('ssg serve')) {
      const served: RunningServer = await serve({ dir: outDir, port: 0, host: '127.0.0.1' });
      closers.push(() => served.close());
      hosts.push({ name: 'ssg serve', brand, url: served.url, root: outDir });
    }
  }
}, 600_000);
afterAll(async () => {
  await chromium?.close();
  await Promise.all(closers.map((close) => close()));
});

const reportingPage = (violations: Violation[]) => reportingPageOf(chromium.browser, violations);

/** `brand` as `name` serves it, a fresh page reporting its violations, and the paths to visit. */
async function visit(brand: string, name: string) {
  const host = hosts.find((h) => h.brand === brand && h.name === name);
  if (!host) throw new Error(`${brand} was not served by ${name}`);
  const violations: Violation[] = [];
  const page = await reportingPage(violations);
  const where = `${host.brand} on ${host.name}`;
  return {
    host,
    violations,
    page,
    where,
    paths: pagePaths(host.root).filter((p) => p !== INJECTED),
  };
}

const pathname = (page: Page) => page.evaluate(() => location.pathname);

async function clientNavigate(page: Page, to: string): Promise<void> {
  const clicked = await page.evaluate((href) => {
    const link = document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`);
    link?.click();
    return link !== null;
  }, to);
  if (!clicked) throw new Error(`no link to ${to} on ${await pathname(page)}`);
  // the URL changes when the new page's data and code came, and React commits in the same task
  await page.waitForFunction((href) => location.pathname === href, {}, to);
  // two frames later the new page's own requests (images, fonts) have started, each checked by the
  // policy as it starts (not network idle: a third-party tag's request may hang in a sandbox)
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

describe('the emitted Content-Security-Policy', () => {
  // two at a time (the project's maxConcurrency), each in its own browser context: no check here
  // depends on time, and one page alone leaves a core idle while it waits on the other host
  it.concurrent.for(
    VISITS.filter((v) => v.journey).map((v): [string, string] => [v.brand, v.host]),
  )(
    'every page of %s, loaded and client-navigated with the service worker on, raises no violation on %s',
    { timeout: 180_000 },
    async ([brand, name], { expect }) => {
      const { host, violations, page, where, paths } = await visit(brand, name);
      // first visit: the worker installs and takes control
      const first = await page.goto(host.url, { waitUntil: 'load' });
      // the header carries what a meta cannot; the page's own policy is its <meta>
      expect(first?.headers()['content-security-policy'], where).toBe("frame-ancestors 'none'");
      const meta = await page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) =>
        m.getAttribute('content'),
      );
      expect(meta, where).toMatch(/script-src 'self' 'sha256-/);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await loaded(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), where).toBe(
        true,
      );
      // every page as a document (under its own header), then client-side from page to page
      for (const p of paths) await loaded(page, new URL(p, host.url).href);
      await loaded(page, host.url);
      for (const p of paths.filter((p) => !p.endsWith('.html') && p !== '/'))
        await clientNavigate(page, p);
      await clientNavigate(page, '/');
      // offline, a page never saved: the worker answers with the offline page
      await goOffline(page.browser(), page, host.url);
      await page.goto(new URL('/nunca-visitada/', host.url).href, { waitUntil: 'load' });
      expect(await page.$('[data-ssg-offline]'), where).not.toBeNull();
      await page.browserContext().close();
      expect(violations, where).toEqual([]);
    },
  );

  it.concurrent.for(
    VISITS.filter((v) => !v.journey).map((v): [string, string] => [v.brand, v.host]),
  )(
    'every page of %s and its offline page, loaded as documents, raise no violation on %s',
    { timeout: 180_000 },
    async ([brand, name], { expect }) => {
      const { host, violations, page, where, paths } = await visit(brand, name);
      for (const p of paths) {
        const response = await page.goto(new URL(p, host.url).href, { waitUntil: 'load' });
        expect(response?.headers()['content-security-policy'], `${where} ${p}`).toBe(
          "frame-ancestors 'none'",
        );
        await hydrated(page);
      }
      // the offline page carries this brand's styles too: its own bytes under its own policy
      await page.goto(new URL(OFFLINE_PAGE, host.url).href, { waitUntil: 'load' });
      expect(await page.$('[data-ssg-offline]'), where).not.toBeNull();
      await page.browserContext().close();
      expect(violations, where).toEqual([]);
    },
  );

  it('an inline script injected into a built page does not run, on both hosts and on a host that sends no headers', async () => {
    const nginx = hosts.find((h) => h.name === 'nginx');
    const served = hosts.find((h) => h.name === 'ssg serve');
    if (!nginx || !served) throw new Error('no hosts');
    // a host that sends no headers at all: only the page's <meta> policy protects it
    const bare: Server = createServer((_req, res) =>
      res.end(readFileSync(path.join(nginx.root, INJECTED, 'index.html'))),
    );
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
    try {
      for (const url of [
        new URL(INJECTED, nginx.url).href,
        new URL(INJECTED, served.url).href,
        bareUrl,
      ]) {
        const violations: Violation[] = [];
        const page = await reportingPage(violations);
        await page.goto(url, { waitUntil: 'load' });
        expect(await page.evaluate(() => 'injected' in window || '__injected' in window), url).toBe(
          false,
        );
        expect(
          violations.some((v) => v.directive === 'script-src-elem'),
          url,
        ).toBe(true);
        await page.browserContext().close();
      }
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  });
});
