// @vitest-environment jsdom
// Real: runProxied on jsdom's document, and the worker-side receiver it hands Partytown, run here on a stand-in window. Faked: Partytown itself (its snippet never loads in jsdom; the test plays its worker's part).
import { afterEach, describe, expect, it } from 'vitest';
import { runProxied } from './proxied-script.ts';

type Page = Window & { dataLayer?: unknown[]; _ssgForward?: string[]; partytown?: unknown };

/** gtag's contract: its calls push their `arguments` object. */
function gtagOn(win: Page) {
  win.dataLayer = win.dataLayer ?? [];
  return function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: what gtag pushes
    win.dataLayer?.push(arguments);
  };
}

/** The origin as the browser sees it: service workers exist only in a secure context (https, localhost). */
function originIs(secure: boolean): void {
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
  if (secure) Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  else Reflect.deleteProperty(navigator, 'serviceWorker');
}

afterEach(() => {
  for (const s of document.querySelectorAll('script')) s.remove();
});

describe('runProxied', () => {
  it("hands the tag to Partytown with one snippet, forwards the page's calls (earlier ones too) as text, and the worker side rebuilds them as gtag pushed them", () => {
    originIs(true);
    const page = window as Page;
    const gtag = gtagOn(page);
    const at = new Date(Date.UTC(2026, 10, 27));
    gtag('js', at);
    runProxied({ src: 'https://tag.example/gtag/js?id=G-1', forward: ['dataLayer.push'] });
    gtag('event', 'page_view', { page_path: '/' });
    runProxied({ src: 'https://other.example/t.js', forward: [] });

    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((s) => s.getAttribute('src') ?? s.type)).toEqual([
      'text/partytown', // the receiver, first
      'https://tag.example/gtag/js?id=G-1',
      '/~partytown/partytown.js',
      'https://other.example/t.js',
    ]);
    expect(scripts.filter((s) => s.type === 'text/partytown')).toHaveLength(3);
    expect(page.partytown).toMatchObject({ lib: '/~partytown/', forward: ['_ssgForward.push'] });
    // the page's own record is whole
    expect(page.dataLayer?.map((e) => Array.from(e as IArguments))).toEqual([
      ['js', at],
      ['event', 'page_view', { page_path: '/' }],
    ]);

    // the worker's side: the receiver's text run against a window of its own, fed the queue
    const queued = [...(page._ssgForward ?? [])];
    expect(queued).toHaveLength(2);
    const worker: Record<string, unknown> = { _ssgForward: queued };
    const receiver = scripts[0]?.textContent ?? '';
    new Function('window', receiver)(worker);
    const entries = worker.dataLayer as IArguments[];
    expect(entries.map((e) => Object.prototype.toString.call(e))).toEqual([
      '[object Arguments]',
      '[object Arguments]',
    ]);
    expect(entries.map((e) => Array.from(e))).toEqual([
      ['js', at],
      ['event', 'page_view', { page_path: '/' }],
    ]);
    // later calls go straight through the receiver's push
    (worker._ssgForward as { push(...calls: string[]): void }).push(
      JSON.stringify(['dataLayer.push', [{ argumentsOf: ['event', 'click_navigate'] }]]),
    );
    expect(Array.from(entries[2] ?? [])).toEqual(['event', 'click_navigate']);
  });

  it('at a plain-http address (no service worker, so no Partytown) loads the tag as idle does: no inline script, no snippet', async () => {
    originIs(false);
    runProxied({ src: 'https://tag.example/gtag/js?id=G-2', forward: ['dataLayer.push'] });
    // idle: after the browser's idle callback (jsdom has none: a timer)
    await new Promise((resolve) => setTimeout(resolve, 10));
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((s) => [s.getAttribute('src'), s.type])).toEqual([
      ['https://tag.example/gtag/js?id=G-2', ''],
    ]);
  });
});
