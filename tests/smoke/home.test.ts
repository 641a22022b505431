// Real: `build()` of the clinic site, `ssg serve`, Debian Chromium. Faked: nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentRequests,
  hydrated,
  type LaunchedBrowser,
  launchChromium,
  recordPage,
} from '../support/browser.ts';
import { clinicBuild, serveBuild } from '../support/site-build.ts';

let chromium: LaunchedBrowser;
let server: Awaited<ReturnType<typeof serveBuild>>;
let servicesHeading: string;

beforeAll(async () => {
  const result = await clinicBuild('vet');
  const html = readFileSync(path.join(result.outDir, 'servicos/index.html'), 'utf8');
  servicesHeading = (/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '');
  server = await serveBuild(result.outDir);
  chromium = await launchChromium();
});

afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

describe('the built clinic site in Chromium', () => {
  it('loads the home page and hydrates without console errors', async () => {
    const page = await chromium.browser.newPage();
    const log = recordPage(page);
    await page.goto(server.url, { waitUntil: 'networkidle0' });
    await hydrated(page);
    expect(await page.title()).not.toBe('');
    expect(log.errors).toEqual([]);
    expect(
      log.console.filter((m) => m.type === 'error' || /hydrat|did not match/i.test(m.text)),
    ).toEqual([]);
    await page.close();
  });

  it('navigates to /servicos/ on the client: new content, no new document request', async () => {
    const page = await chromium.browser.newPage();
    const log = recordPage(page);
    await page.goto(server.url, { waitUntil: 'networkidle0' });
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const link = await page.$('main a[href="/servicos/"]');
    expect(link, 'the home page body links to /servicos/').not.toBeNull();
    await link?.click();
    await page.waitForFunction(() => window.location.pathname === '/servicos/');
    await page.waitForFunction(
      (h1) => document.querySelector('h1')?.textContent === h1,
      {},
      servicesHeading,
    );
    expect(await page.$eval('#ssg-announcer', (el) => el.textContent)).toBe(
      `Navigated to ${servicesHeading}`,
    );
    expect(documentRequests(log)).toEqual(['/']);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(log.requests.some((r) => r.url.endsWith('/page-data/servicos/page-data.json'))).toBe(
      true,
    );
    expect(log.errors).toEqual([]);
    await page.close();
  });
});
