// Quick look at the frame's behaviour in Debian Chromium against a served build:
// top bar state around 48 px, side menu (open, focus, scroll lock, Escape, backdrop), a client
// navigation (announcer, page_view, click_navigate). Usage: node check-frame.mjs http://127.0.0.1:4311
import puppeteer from 'puppeteer-core';

const base = process.argv[2] ?? 'http://127.0.0.1:4311';
const browser = await puppeteer.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=/tmp/check-profile-${Date.now()}`],
});
const log = (k, v) => console.log(k.padEnd(34), JSON.stringify(v));
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.log('[pageerror]', e.message));
  await page.setViewport({ width: 390, height: 844 });
  await page.goto(`${base}/`, { waitUntil: 'networkidle0' });
  const state = () => page.$eval('[data-slot="top-bar"]', (e) => [e.dataset.state, getComputedStyle(e).position]);
  log('top bar at 0', await state());
  await page.evaluate(() => window.scrollTo(0, 48));
  await new Promise((r) => setTimeout(r, 100));
  log('top bar at 48', await state());
  await page.evaluate(() => window.scrollTo(0, 49));
  await new Promise((r) => setTimeout(r, 100));
  log('top bar at 49', await state());
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click('[data-slot="top-bar"] button[aria-controls]');
  await new Promise((r) => setTimeout(r, 400));
  log('menu open: expanded/overflow/focus', await page.evaluate(() => [
    document.querySelector('[aria-controls="menu-lateral"]').getAttribute('aria-expanded'),
    getComputedStyle(document.body).overflow,
    document.getElementById('menu-lateral').contains(document.activeElement),
  ]));
  await page.screenshot({ path: '/tmp/menu-open-390.png' });
  await page.keyboard.press('Escape');
  await new Promise((r) => setTimeout(r, 400));
  log('after Escape: expanded/overflow/focus', await page.evaluate(() => [
    document.querySelector('[aria-controls="menu-lateral"]').getAttribute('aria-expanded'),
    getComputedStyle(document.body).overflow,
    document.activeElement?.getAttribute('aria-controls'),
  ]));
  await page.click('[data-slot="top-bar"] button[aria-controls]');
  await new Promise((r) => setTimeout(r, 400));
  await page.mouse.click(380, 400);
  await new Promise((r) => setTimeout(r, 400));
  log('after backdrop click', await page.$eval('#menu-lateral', (e) => e.dataset.state));
  await page.click('[data-slot="top-bar"] button[aria-controls]');
  await new Promise((r) => setTimeout(r, 400));
  await Promise.all([page.waitForFunction(() => location.pathname === '/servicos/'), page.click('#menu-lateral a[href="/servicos/"]')]);
  await new Promise((r) => setTimeout(r, 600));
  log('after client navigation', await page.evaluate(() => ({
    path: location.pathname,
    h1: document.querySelector('h1')?.textContent,
    announcer: document.querySelector('[aria-live]')?.textContent,
    current: [...document.querySelectorAll('[aria-current="page"]')].map((a) => a.textContent),
    events: (window.dataLayer ?? []).map((a) => Array.from(a)).filter((a) => a[0] === 'event').map((a) => `${a[1]} ${JSON.stringify(a[2])}`),
  })));
  log('horizontal scroll at 390', await page.evaluate(() => document.documentElement.scrollWidth));
  await page.setViewport({ width: 360, height: 740 });
  for (const p of ['/', '/servicos/', '/galeria/', '/contato/', '/404.html', '/500.html']) {
    await page.goto(base + p, { waitUntil: 'networkidle0' });
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    if (w > 360) log(`horizontal scroll at 360 on ${p}`, w);
  }
  log('360 px checked', true);
} finally {
  await browser.close();
}
