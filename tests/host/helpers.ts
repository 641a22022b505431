import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/browser.ts';
import { MINI_SITE } from '../support/site-build.ts';

/**
 * A copy of the mini fixture site (code and content) that a test may change, e.g. to make a
 * second build with other chunks. Its node_modules is the fixture's, through a symlink.
 */
export function miniSiteCopy(): { root: string; contentDir: string } {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'ssg-site-'));
  cpSync(path.join(MINI_SITE, 'src'), path.join(siteDir, 'src'), { recursive: true });
  cpSync(path.join(MINI_SITE, 'content'), path.join(siteDir, 'content'), { recursive: true });
  cpSync(path.join(MINI_SITE, 'package.json'), path.join(siteDir, 'package.json'));
  symlinkSync(path.join(MINI_SITE, 'node_modules'), path.join(siteDir, 'node_modules'), 'dir');
  return { root: siteDir, contentDir: path.join(siteDir, 'content') };
}

/** Rewrites a JSON file of a site copy. */
export function editJson<T>(file: string, change: (value: T) => T): void {
  writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync(file, 'utf8')) as T)));
}

export const tempOut = (): string =>
  path.join(mkdtempSync(path.join(tmpdir(), 'ssg-host-')), 'site');

/** The mini fixture site, built (a copy's `root` and `contentDir` may be passed instead). */
export { buildMiniSite as buildMini } from '../support/site-build.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with the path sent exactly as written, no redirect followed. */
export function rawGet(base: string, rawPath: string, method = 'GET'): Promise<RawResponse> {
  const { port, hostname } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: rawPath, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.setTimeout(5000, () => req.destroy(new Error(`timeout: ${rawPath}`)));
    req.on('error', reject);
    req.end();
  });
}

/** Debian's Chromium with extra flags (the shared launcher takes none). */
export async function launchWith(
  extraArgs: string[],
): Promise<{ browser: Browser; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'ssg-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, ...extraArgs],
    headless: true,
  });
  return {
    browser,
    async close() {
      await browser.close();
      const { rmSync } = await import('node:fs');
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until the page is controlled by an activated service worker. */
export const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 15_000 });

/** The compilation hash the controlling worker says it belongs to. */
export const workerBuild = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller?.postMessage({ type: 'SSG_GET_BUILD' }, [channel.port2]);
      }),
  );

/**
 * The visitor goes offline: the page and the service worker (its own DevTools target, which
 * `page.setOfflineMode` does not reach) both lose the network.
 */
export async function goOffline(browser: Browser, page: Page, origin = ''): Promise<CDPSession> {
  const target = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url().startsWith(origin),
    { timeout: 10_000 },
  );
  const session = await target.createCDPSession();
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.setOfflineMode(true);
  return session;
}

export const hydrated = (page: Page) =>
  page.waitForSelector('#___ssg[data-hydrated="true"]', { timeout: 15_000 });

/** A Content-Security-Policy violation a document reported (event or console message). */
export interface Violation {
  directive: string;
  blocked: string;
  page: string;
  sample: string;
}

/** A fresh context (no worker, no cache of another host) whose documents report every violation into `violations`. */
export async function reportingPage(browser: Browser, violations: Violation[]): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.exposeFunction('__cspViolation', (v: Violation) => violations.push(v));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation(v: unknown): void }).__cspViolation;
      report({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        page: location.pathname,
        sample: e.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      violations.push({
        directive: 'console',
        blocked: '',
        page: page.url(),
        sample: message.text(),
      });
  });
  return page;
}
