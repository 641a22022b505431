// Real: `build()` of the vet brand, `ssg serve`, Debian Chromium. Faked: nothing. (The delayed-route
// signal, which depends on the CPU keeping pace, is in delayed-route.test.ts, run alone.)
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { PHONE, type Recorded, recorded, servedVet } from './frame-page.ts';

const vet = servedVet();
const openPage = vet.open;
const MENU_BUTTON = '[data-slot="top-bar"] button[aria-controls]';

const events = async (page: Page, name: string) =>
  (await recorded(page)).gtag.filter((e) => e.args[0] === 'event' && e.args[1] === name);

/** Two animation frames: scroll listeners have run and styles are applied. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  );

const menuState = (page: Page) =>
  page.evaluate((selector) => {
    const button = document.querySelector<HTMLButtonElement>(selector) as HTMLButtonElement;
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    const rect = menu?.getBoundingClientRect();
    return {
      expanded: button.getAttribute('aria-expanded'),
      menuExists: menu !== null,
      onScreen: rect ? rect.left >= 0 && rect.right <= window.innerWidth && rect.width > 0 : false,
      focusInMenu: menu?.contains(document.activeElement) ?? false,
      focusOnButton: document.activeElement === button,
      scrollY: window.scrollY,
    };
  }, MENU_BUTTON);

/** Opens the menu with the button and waits for its panel to finish sliding in. */
async function openMenu(page: Page) {
  await page.click(MENU_BUTTON);
  await page.waitForFunction(
    (selector) => {
      const button = document.querySelector(selector) as Element;
      const rect = (
        document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement
      ).getBoundingClientRect();
      return rect.left >= 0 && rect.right <= window.innerWidth;
    },
    {},
    MENU_BUTTON,
  );
}

describe('top bar', () => {
  it('stays in normal flow under the alert strip up to 48 px of scroll and is fixed from 49 px', async () => {
    const page = await openPage();
    const bar = async (y: number) => {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await settle(page);
      return page.evaluate(() => {
        const header = document.querySelector('[data-slot="top-bar"]') as Element;
        const strip = document.querySelector('[data-slot="alert-strip"]') as Element;
        return {
          scrollY: window.scrollY,
          position: getComputedStyle(header).position,
          top: Math.round(header.getBoundingClientRect().top),
          stripBottom: Math.round(strip.getBoundingClientRect().bottom),
        };
      });
    };
    const atTop = await bar(0);
    expect(atTop.stripBottom).toBeGreaterThan(0); // the alert strip is there
    expect(atTop.position).not.toBe('fixed');
    expect(atTop.top).toBe(atTop.stripBottom); // right under the strip, scrolling with the page

    const at48 = await bar(48);
    expect(at48.scrollY).toBe(48);
    expect(at48.position).not.toBe('fixed');
    expect(at48.top).toBe(atTop.top - 48);

    const at49 = await bar(49);
    expect(at49.position).toBe('fixed');
    expect(at49.top).toBe(0);

    const far = await bar(1200);
    expect(far.position).toBe('fixed');
    expect(far.top).toBe(0);

    const back = await bar(0);
    expect(back.position).not.toBe('fixed');
    expect(back.top).toBe(atTop.top);
    await page.close();
  });
});

describe('side menu', () => {
  it('opens from the button, takes focus, locks scrolling and closes on Escape, giving focus back', async () => {
    const page = await openPage();
    const closed = await menuState(page);
    expect(closed.expanded).toBe('false');
    expect(closed.menuExists).toBe(true);
    expect(closed.onScreen).toBe(false);

    await openMenu(page);
    const open = await menuState(page);
    expect(open.expanded).toBe('true');
    expect(open.focusInMenu).toBe(true);
    const links = await page.$$eval('#menu-lateral nav a', (as) => as.map((a) => a.textContent));
    expect(links).toEqual(['Home', 'Serviços', 'Galeria', 'Contato']);

    // The wheel over the backdrop does not move the page.
    await page.mouse.move(380, 600);
    await page.mouse.wheel({ deltaY: 600 });
    await new Promise((r) => setTimeout(r, 150));
    expect((await menuState(page)).scrollY).toBe(0);

    await page.keyboard.press('Escape');
    await page.waitForFunction(
      (s) => document.querySelector(s)?.getAttribute('aria-expanded') === 'false',
      {},
      MENU_BUTTON,
    );
    const after = await menuState(page);
    expect(after.focusOnButton).toBe(true);
    // Scrolling works again once the menu is closed.
    await page.mouse.wheel({ deltaY: 600 });
    await page.waitForFunction(() => window.scrollY > 0);
    await page.close();
  });

  it('closes on a click on the backdrop, outside the panel', async () => {
    const page = await openPage();
    await openMenu(page);
    const panelRight = await page.$eval('#menu-lateral', (e) => e.getBoundingClientRect().right);
    expect(panelRight).toBeLessThan(PHONE.width - 20); // some backdrop shows beside the panel
    await page.mouse.click(PHONE.width - 8, 500);
    await page.waitForFunction(
      (s) => document.querySelector(s)?.getAttribute('aria-expanded') === 'false',
      {},
      MENU_BUTTON,
    );
    await page.waitForFunction(
      () =>
        (document.getElementById('menu-lateral') as HTMLElement).getBoundingClientRect().right <= 0,
    );
    expect((await menuState(page)).focusOnButton).toBe(true);
    await page.close();
  });
});

describe('links', () => {
  it('opens outside addresses in a new tab with rel="noopener noreferrer"; site links stay in the tab', async () => {
    const page = await openPage('/contato/');
    const links = await page.$$eval('a[href]', (as) =>
      as.map((a) => ({
        href: a.getAttribute('href') ?? '',
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel'),
      })),
    );
    const outside = links.filter((l) => /^(https?:)?\/\//i.test(l.href));
    expect(outside.length).toBeGreaterThan(5);
    for (const link of outside) {
      expect(link, link.href).toMatchObject({ target: '_blank' });
      expect(link.rel?.split(' ').sort(), link.href).toEqual(['noopener', 'noreferrer']);
    }
    const inside = links.filter((l) => l.href.startsWith('/') && !l.href.startsWith('//'));
    expect(inside.length).toBeGreaterThan(0);
    for (const link of inside) expect(link.target, link.href).toBeNull();

    // A click on an outside link opens a second tab; this one stays where it was.
    const opened = new Promise<string>((resolve) =>
      vet.browser().once('targetcreated', (target) => resolve(target.url())),
    );
    await page.click('a[href^="https://www.instagram.com/"]');
    expect(await opened).toMatch(/^https:\/\/www\.instagram\.com\//);
    expect(new URL(page.url()).pathname).toBe('/contato/');
    for (const other of await vet.browser().pages()) if (other !== page) await other.close();
    await page.close();
  });

  it('marks the link whose text is the page name with aria-current="page", on load and after navigating', async () => {
    const page = await openPage('/servicos/');
    const current = () =>
      page.$$eval('[aria-current="page"]', (as) => as.map((a) => a.textContent?.trim()));
    expect(await current()).toEqual(['Serviços']);
    await openMenu(page);
    await page.click('#menu-lateral a[href="/galeria/"]');
    await page.waitForFunction(() => window.location.pathname === '/galeria/');
    await page.waitForFunction(
      () => document.querySelector('[aria-current="page"]')?.textContent?.trim() === 'Galeria',
    );
    expect(await current()).toEqual(['Galeria']);
    await page.close();
  });
});

describe('tracking on window.dataLayer', () => {
  it('sends page_view 100 ms after the first load, with pathname, search and hash', async () => {
    const page = await openPage('/galeria/?origem=instagram#videos');
    await page.waitForFunction(() =>
      (window as unknown as { __rec: Recorded }).__rec.gtag.some((e) => e.args[1] === 'page_view'),
    );
    const rec = await recorded(page);
    const views = rec.gtag.filter((e) => e.args[1] === 'page_view');
    expect(views.map((v) => v.args)).toEqual([
      ['event', 'page_view', { page_path: '/galeria/?origem=instagram#videos' }],
    ]);
    // Counted from hydration, when the route is first known to the app.
    expect((views[0]?.at ?? 0) - rec.loadedAt).toBeGreaterThanOrEqual(99);
    await page.close();
  });

  it('sends click_navigate with the href on a link click, and page_view 100 ms after the client navigation', async () => {
    const page = await openPage('/');
    await page.waitForFunction(() =>
      (window as unknown as { __rec: Recorded }).__rec.gtag.some((e) => e.args[1] === 'page_view'),
    );
    await page.click('main a[href="/servicos/"]');
    await page.waitForFunction(
      () =>
        (window as unknown as { __rec: Recorded }).__rec.gtag.filter(
          (e) => e.args[1] === 'page_view',
        ).length === 2,
    );
    const rec = await recorded(page);
    expect((await events(page, 'click_navigate')).map((e) => e.args)).toEqual([
      ['event', 'click_navigate', { href: '/servicos/' }],
    ]);
    const views = rec.gtag.filter((e) => e.args[1] === 'page_view');
    expect(views.map((v) => v.args[2])).toEqual([{ page_path: '/' }, { page_path: '/servicos/' }]);
    const pushed = rec.pushes.find((p) => p.url.startsWith('/servicos/'));
    expect((views[1]?.at ?? 0) - (pushed?.at ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(
      99,
    );

    // An outside link is tracked too, with its full address.
    await page.click('a[href^="https://www.instagram.com/"]');
    const clicks = (await events(page, 'click_navigate')).map((e) => e.args[2]);
    expect(clicks.at(-1)).toEqual({ href: 'https://www.instagram.com/amigofielvet/' });
    for (const other of await vet.browser().pages()) if (other !== page) await other.close();
    await page.bringToFront(); // a tab in the background gets no animation frames

    // Back in history is a route change as well.
    await page.evaluate(() => history.back());
    await page.waitForFunction(
      () =>
        (window as unknown as { __rec: Recorded }).__rec.gtag.filter(
          (e) => e.args[1] === 'page_view',
        ).length === 3,
    );
    expect((await events(page, 'page_view')).at(-1)?.args[2]).toEqual({ page_path: '/' });
    await page.close();
  });
});

describe('route announcer', () => {
  it('says "Navigated to {title}" after a client navigation, and nothing on the first load', async () => {
    const page = await openPage('/');
    const announcer = () =>
      page.$eval('[aria-live]#ssg-announcer', (e) => ({
        text: e.textContent,
        live: e.getAttribute('aria-live'),
      }));
    expect((await announcer()).text).toBe('');
    await page.click('main a[href="/galeria/"]');
    await page.waitForFunction(() => window.location.pathname === '/galeria/');
    const h1 = await page.$eval('h1', (e) => e.textContent);
    expect(h1).toBeTruthy();
    await page.waitForFunction(
      (t) => document.getElementById('ssg-announcer')?.textContent === `Navigated to ${t}`,
      {},
      h1,
    );
    expect((await announcer()).live).toMatch(/^(polite|assertive)$/);
    await page.close();
  });
});
