// Real: build() of the clinic site with the proxied strategy and @qwik.dev/partytown, Debian's nginx with the generated snippet and policy, Debian Chromium with our service worker, a second local origin serving the tag. Faked: the tag (a gtag-like script that reads the page's cookie, address and title and reports each dataLayer entry) and Google's origin, rewritten to the second origin in the built files.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goOffline, reportingPage, type Violation } from '../host/helpers.ts';
import {
  clientNavigate,
  type LaunchedBrowser,
  launchChromium,
  recordPage,
} from '../support/browser.ts';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { clinicWithTag, sightingName, startThirdParty } from '../support/third-party.ts';

let chromium: LaunchedBrowser;
let nginx: RunningNginx;
let outDir: string;
let tag: Awaited<ReturnType<typeof startThirdParty>>;

beforeAll(async () => {
  tag = await startThirdParty();
  tag.serve('page');
  outDir = await clinicWithTag('proxied', tag.origin);
  nginx = await startNginx(outDir);
  chromium = await launchChromium();
}, 300_000);
afterAll(async () => {
  await chromium?.close();
  await nginx?.stop();
  await tag?.close();
});

const LOADED = { waitUntil: 'networkidle2' } as const;

describe('Script strategy proxied (Partytown), a tag that needs the DOM on another origin', () => {
  it('runs the tag in a Web Worker that reads the real cookie, address and title and sees every event, with 0 CSP violations and 0 console errors', async () => {
    expect(existsSync(path.join(outDir, '~partytown/partytown.js'))).toBe(true);
    const violations: Violation[] = [];
    const page = await reportingPage(chromium.browser, violations);
    const log = recordPage(page);
    await page.setCookie({ name: 'visita', value: 'gato-42', url: nginx.url });
    await page.goto(nginx.url, LOADED);
    const first = await tag.sighted('page_view {"page_path":"/"}');
    const title = await page.title();
    expect(first.page).toEqual({ cookie: 'visita=gato-42', href: nginx.url, title });
    // the DOM reached through Partytown's proxy, not the page's Window, from a running Worker
    expect(first.ctx).toMatchObject({ window: 'object', document: 'object' });
    expect(first.ctx.global).not.toBe('[object Window]');
    expect(page.workers().map((w) => w.url())).toContain(first.ctx.ranBy);
    await clientNavigate(page, '/servicos/');
    await tag.sighted('click_navigate {"href":"/servicos/"}');
    await tag.sighted('page_view {"page_path":"/servicos/"}');
    expect(tag.sightings.map(sightingName).slice(0, 3)).toEqual([
      'js',
      'config',
      'page_view {"page_path":"/"}',
    ]);
    // every entry was seen from that worker, and the tag left nothing on the page's own globals
    expect(new Set(tag.sightings.map((s) => s.ctx.ranBy))).toEqual(new Set([first.ctx.ranBy]));
    expect(
      await page.evaluate(() => typeof (window as { __fakeGtagRan?: unknown }).__fakeGtagRan),
    ).toBe('undefined');
    // the page's own record of its calls stays on the main thread
    expect(
      await page.evaluate(() =>
        (window as unknown as { dataLayer: IArguments[] }).dataLayer.some(
          (e) => e[0] === 'event' && e[1] === 'page_view',
        ),
      ),
    ).toBe(true);
    expect(violations).toEqual([]);
    expect(log.errors).toEqual([]);
    expect(log.console.filter((m) => m.type === 'error')).toEqual([]);
    await page.browserContext().close();
  });

  it('under our service worker, a reload runs the tag again in the worker, and offline the pages still load', async () => {
    tag.sightings.length = 0;
    const violations: Violation[] = [];
    const page = await reportingPage(chromium.browser, violations);
    const log = recordPage(page);
    await page.goto(new URL('/servicos/', nginx.url).href, LOADED);
    await tag.sighted('page_view {"page_path":"/servicos/"}');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload(LOADED);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      new URL('/sw.js', nginx.url).href,
    );
    const views = () =>
      tag.sightings.filter((s) => sightingName(s) === 'page_view {"page_path":"/servicos/"}');
    await expect.poll(() => views().length, { timeout: 20_000 }).toBe(2);
    const ranBy = tag.sightings.map((s) => s.ctx.ranBy ?? '');
    expect(ranBy.filter((url) => !url.startsWith('blob:'))).toEqual([]);
    await goOffline(page.browser(), page, nginx.url);
    await page.goto(new URL('/servicos/', nginx.url).href, { waitUntil: 'load' });
    expect(await page.$eval('h1', (h) => h.textContent)).toBeTruthy();
    expect(violations).toEqual([]);
    expect(log.errors).toEqual([]);
    await page.browserContext().close();
  });
});
