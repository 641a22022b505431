// Real: `build()` of the vet brand, `ssg serve`, Debian Chromium. Faked: only the delayed page-data
// response (held back with request interception) in the delayed-route test.
// Runs alone (tests/vitest.config.ts): whether a navigation answers within 1000 ms depends on the
// CPU keeping pace; the rest of the frame is in frame.test.ts.
import type { HTTPRequest } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { recordPage } from '../support/browser.ts';
import { PHONE, recorded, servedVet } from './frame-page.ts';

const vet = servedVet();
const openPage = vet.open;

describe('delayed route', () => {
  it('shows a progress bar and fires ssg:route-delayed when a navigation is pending for more than 1000 ms', async () => {
    // The contact page's data is held back until the test lets it through.
    const held: HTTPRequest[] = [];
    const page = await openPage('/', async (p) => {
      // Requests answered by the service worker would not pass through the interception.
      await p.setBypassServiceWorker(true);
      await p.setRequestInterception(true);
      p.on('request', (request) => {
        if (request.url().endsWith('/page-data/contato/page-data.json')) held.push(request);
        else void request.continue();
      });
    });
    const log = recordPage(page);
    await page.click('main a[href="/contato/"]');
    await page.waitForSelector('[role="progressbar"]', { visible: true, timeout: 5000 });
    const rec = await recorded(page);
    expect(rec.delayed).toHaveLength(1);
    const [delayed] = rec.delayed;
    expect(delayed?.pathname).toBe('/contato/');
    expect((delayed?.at ?? 0) - (rec.clicks.at(-1) ?? 0)).toBeGreaterThanOrEqual(999);
    const bar = await page.$eval('[role="progressbar"]', (e) => {
      const r = e.getBoundingClientRect();
      return { height: r.height, width: r.width, label: e.getAttribute('aria-label') };
    });
    expect(bar.height).toBeGreaterThan(0);
    expect(bar.width).toBeGreaterThan(PHONE.width / 2);
    expect(bar.label).toBe('Carregando página');
    expect(new URL(page.url()).pathname).toBe('/'); // still on the old page meanwhile

    expect(held.length).toBeGreaterThan(0);
    for (const request of held.splice(0)) await request.continue();
    await page.waitForFunction(() => window.location.pathname === '/contato/');
    await page.waitForSelector('[role="progressbar"]', { hidden: true, timeout: 5000 });
    expect(log.errors).toEqual([]);
    await page.close();
  });

  it('gives no signal for a navigation that answers at once', async () => {
    const page = await openPage('/');
    await page.click('main a[href="/galeria/"]');
    await page.waitForFunction(() => window.location.pathname === '/galeria/');
    await new Promise((r) => setTimeout(r, 1200));
    expect((await recorded(page)).delayed).toEqual([]);
    expect(await page.$('[role="progressbar"]')).toBeNull();
    await page.close();
  });
});
