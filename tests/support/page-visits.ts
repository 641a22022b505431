// First visits in Chromium that list what a visitor's console would show: errors, failed requests.
import type { HTTPResponse, Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { hydrated, type LaunchedBrowser } from './browser.ts';

/** A page a visitor opens by address, and the status it answers with (404 for an unknown path). */
export interface PageToVisit {
  path: string;
  status: number;
}

export interface Visit {
  consoleErrors: string[];
  pageErrors: string[];
  /** Requests that failed or answered 400 or more, but the page's own document. */
  failed: string[];
}

/** Opens `url` in a fresh tab, waits for hydration and a quiet network, and lists what went wrong. */
export async function visit(
  chromium: LaunchedBrowser,
  url: string,
  status: number,
): Promise<Visit> {
  const page: Page = await chromium.browser.newPage();
  const seen: Visit = { consoleErrors: [], pageErrors: [], failed: [] };
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // the 404 page's own document answers 404 on purpose; Chromium logs that as an error
    if (status === 404 && m.location().url === url && /\b404\b/.test(m.text())) return;
    seen.consoleErrors.push(`${m.text()} (${m.location().url ?? ''})`);
  });
  page.on('pageerror', (e) => seen.pageErrors.push(e instanceof Error ? e.message : String(e)));
  page.on('requestfailed', (r) => seen.failed.push(`${r.url()}: ${r.failure()?.errorText}`));
  page.on('response', (r: HTTPResponse) => {
    if (r.status() >= 400 && r.url() !== url) seen.failed.push(`${r.url()}: ${r.status()}`);
  });
  const response = await page.goto(url, { waitUntil: 'networkidle0' });
  expect(response?.status()).toBe(status);
  await hydrated(page);
  await page.close();
  return seen;
}

/** Each page's visit, by path: every page is visited before anything is asserted. */
export async function visitAll(
  chromium: LaunchedBrowser,
  base: string,
  pages: readonly PageToVisit[],
): Promise<Record<string, Visit>> {
  const seen: Record<string, Visit> = {};
  for (const { path: at, status } of pages)
    seen[at] = await visit(chromium, new URL(at, base).href, status);
  return seen;
}

/** What `visitAll` gives when no page logged an error or failed a request. */
export function cleanVisits(pages: readonly PageToVisit[]): Record<string, Visit> {
  return Object.fromEntries(
    pages.map((p) => [p.path, { consoleErrors: [], pageErrors: [], failed: [] }]),
  );
}
