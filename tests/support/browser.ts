import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, {
  type Browser,
  type ConsoleMessage,
  type HTTPRequest,
  type Page,
} from 'puppeteer-core';
import { CHROMIUM_PATH, CHROMIUM_FLAGS as SHARED_FLAGS } from '../../scripts/chromium.mjs';

export const CHROMIUM = CHROMIUM_PATH;

/** The shared flags, headless for tests. */
export const CHROMIUM_FLAGS = ['--headless', ...SHARED_FLAGS];

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** Debian's Chromium with a fresh profile, removed on close. */
export async function launchChromium(): Promise<LaunchedBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'ssg-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`],
    headless: true,
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Resolves once React has hydrated the page's server HTML (the runtime's signal on its root). */
export const hydrated = (page: Page) => page.waitForSelector('#___ssg[data-hydrated="true"]');

/** Everything a page printed and asked for, to assert on. */
export interface PageLog {
  console: Array<{ type: string; text: string }>;
  errors: string[];
  requests: Array<{ method: string; url: string; resourceType: string; isNavigation: boolean }>;
}

/**
 * The test machine has no internet: a third party's tag (gtag.js, loaded when idle) fails to
 * resolve. That is the machine's error, not the site's; every other message is kept.
 */
const offlineThirdParty = (message: ConsoleMessage): boolean => {
  const { url } = message.location();
  if (!url || !/ERR_NAME_NOT_RESOLVED/.test(message.text())) return false;
  const { hostname } = new URL(url);
  return hostname !== '127.0.0.1' && hostname !== 'localhost';
};

export function recordPage(page: Page): PageLog {
  const log: PageLog = { console: [], errors: [], requests: [] };
  page.on('console', (message) => {
    if (!offlineThirdParty(message))
      log.console.push({ type: message.type(), text: message.text() });
  });
  page.on('pageerror', (error) =>
    log.errors.push(error instanceof Error ? error.message : String(error)),
  );
  page.on('request', (request: HTTPRequest) =>
    log.requests.push({
      method: request.method(),
      url: request.url(),
      resourceType: request.resourceType(),
      isNavigation: request.isNavigationRequest() && request.frame() === page.mainFrame(),
    }),
  );
  return log;
}

/** Paths of the document (navigation) requests a page made. */
export const documentRequests = (log: PageLog): string[] =>
  log.requests.filter((r) => r.isNavigation).map((r) => new URL(r.url).pathname);

/** Clicks the page's link to `to` and waits until the client navigation has shown it. */
export async function clientNavigate(page: Page, to: string): Promise<void> {
  await page.evaluate(
    (href) => document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`)?.click(),
    to,
  );
  await page.waitForFunction((href) => location.pathname === href, {}, to);
}
