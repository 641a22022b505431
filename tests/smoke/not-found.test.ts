// Real: build() of the mini fixture site, `ssg serve`, Debian Chromium. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchChromium, recordPage } from '../support/browser.ts';
import { buildMiniSite, serveBuild } from '../support/site-build.ts';

let chromium: LaunchedBrowser;
let server: Awaited<ReturnType<typeof serveBuild>>;

beforeAll(async () => {
  const result = await buildMiniSite();
  server = await serveBuild(result.outDir);
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

describe('an unknown path', () => {
  it('shows the 404 page, hydrated without a mismatch, naming the path asked for', async () => {
    const page = await chromium.browser.newPage();
    const log = recordPage(page);
    const response = await page.goto(`${server.url}nao-existe/?q=1`, { waitUntil: 'networkidle0' });
    expect(response?.status()).toBe(404);
    await page.waitForSelector('#___ssg[data-hydrated="true"]');
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Página não encontrada');
    await page.waitForFunction(
      () => document.querySelector('main p')?.textContent === 'Nada em /nao-existe/.',
    );
    expect(log.errors).toEqual([]);
    expect(
      log.console.filter((m) => m.type === 'error' && !m.text.includes('404 (Not Found)')),
    ).toEqual([]);
    // onRouteUpdate ran once, for the location the visitor is at.
    expect(
      await page.evaluate(() => (window as unknown as { routeUpdates: string[] }).routeUpdates),
    ).toEqual(['/nao-existe/']);
    await page.close();
  });
});
