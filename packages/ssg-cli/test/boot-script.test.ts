// Real: the boot script as pages carry it (src/browser/boot.ts, minified by the build), run in a jsdom page. Faked: the page (jsdom), its paint-timing entries (a PerformanceObserver the test feeds), its frames (a requestAnimationFrame the test calls) and the entry's import().
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { documentHtml } from '../src/render/document.ts';
import { browserCode } from '../src/shared/browser-code.ts';
import { ROOT_ID } from '../src/shared/element-ids.ts';

const BOOT = {
  entry: '/_ssg/app.js',
  modules: ['/_ssg/page-1.js', '/_ssg/chunk-2.js'],
  data: ['/page-data/app-data.json'],
};

/** A paint-timing entry list as the browser hands it to an observer. */
const paints = (...names: string[]) => ({
  getEntriesByName: (name: string) => names.filter((n) => n === name).map((n) => ({ name: n })),
});

/**
 * A jsdom page with the boot data, running the boot script; `import()`, frames and paint entries
 * are the test's (`reportsPaints: false` is a browser without paint timing).
 */
function bootPage(hidden: boolean, reportsPaints = true) {
  const dom = new JSDOM(
    `<!DOCTYPE html><body><script type="application/json" id="${ROOT_ID}-boot">${JSON.stringify(BOOT)}</script>`,
    { runScripts: 'outside-only', pretendToBeVisual: true },
  );
  const { window } = dom;
  const frames: (() => void)[] = [];
  const imported = vi.fn();
  type PaintCallback = (list: ReturnType<typeof paints>, observer: FakeObserver) => void;
  /** Observes what the page asks for until disconnected; the test reports paints to it. */
  class FakeObserver {
    static supportedEntryTypes = reportsPaints ? ['paint', 'mark'] : ['mark'];
    type: string | undefined;
    constructor(readonly callback: PaintCallback) {
      observers.push(this);
    }
    observe(options: { type: string }) {
      this.type = options.type;
    }
    disconnect() {
      this.type = undefined;
    }
  }
  const observers: FakeObserver[] = [];
  let isHidden = hidden;
  Object.defineProperty(window.document, 'hidden', { get: () => isHidden });
  Object.assign(window, {
    requestAnimationFrame: (f: () => void) => frames.push(f),
    __import: imported,
    PerformanceObserver: FakeObserver,
  });
  /** The browser reports paints to the observers still observing them. */
  const paint = (...names: string[]) => {
    for (const o of observers) if (o.type === 'paint') o.callback(paints(...names), o);
  };
  const load = () => window.dispatchEvent(new window.Event('load'));
  const hide = () => {
    isHidden = true;
    window.document.dispatchEvent(new window.Event('visibilitychange'));
  };
  // jsdom runs classic scripts: the module's import() goes to the test's function
  window.eval(browserCode('boot').replace('import(', '__import('));
  const preloads = () =>
    [...window.document.head.querySelectorAll('link')].map((l) => ({
      rel: l.rel,
      href: l.getAttribute('href'),
      // jsdom does not reflect `as` as an attribute: the property the script set
      as: l.as || null,
      crossOrigin: l.getAttribute('crossorigin'),
    }));
  return {
    frames,
    imported,
    preloads,
    paint,
    hide,
    load,
    preloadPriorities: () =>
      [...window.document.head.querySelectorAll('link')].map(
        (l) => (l as HTMLLinkElement & { fetchPriority?: string }).fetchPriority,
      ),
  };
}

const EXPECTED = [
  { rel: 'modulepreload', href: '/_ssg/app.js', as: null, crossOrigin: null },
  { rel: 'modulepreload', href: '/_ssg/page-1.js', as: null, crossOrigin: null },
  { rel: 'modulepreload', href: '/_ssg/chunk-2.js', as: null, crossOrigin: null },
  { rel: 'preload', href: '/page-data/app-data.json', as: 'fetch', crossOrigin: 'anonymous' },
];

describe('the boot script', () => {
  it('waits for the first contentful paint, then preloads the entry, chunks and data at low priority and imports the entry', async () => {
    const page = bootPage(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(page.preloads()).toEqual([]);
    // a paint with no content yet (the background) is not the one the page waits for
    page.paint('first-paint');
    await new Promise((r) => setTimeout(r, 20));
    expect(page.imported).not.toHaveBeenCalled();
    page.paint('first-contentful-paint');
    await vi.waitFor(() => expect(page.imported).toHaveBeenCalledWith('/_ssg/app.js'));
    expect(page.imported).toHaveBeenCalledTimes(1);
    expect(page.preloads()).toEqual(EXPECTED);
    expect(page.preloadPriorities()).toEqual(EXPECTED.map(() => 'low'));
    // the page's load event (jsdom's own) does not start it again
    for (const frame of page.frames) frame();
    await new Promise((r) => setTimeout(r, 20));
    expect(page.imported).toHaveBeenCalledTimes(1);
  });

  it('starts once when the tab is hidden before it painted, and not again on its paint', async () => {
    const page = bootPage(false);
    page.hide();
    await vi.waitFor(() => expect(page.imported).toHaveBeenCalledWith('/_ssg/app.js'));
    page.paint('first-contentful-paint');
    await new Promise((r) => setTimeout(r, 20));
    expect(page.imported).toHaveBeenCalledTimes(1);
    expect(page.preloads()).toEqual(EXPECTED);
  });

  it('starts a frame after the load event when nothing contentful is painted (an empty shell)', async () => {
    const page = bootPage(false);
    page.paint('first-paint');
    page.load();
    await new Promise((r) => setTimeout(r, 20));
    expect(page.imported).not.toHaveBeenCalled();
    expect(page.frames.length).toBeGreaterThan(0);
    for (const frame of page.frames) frame();
    await vi.waitFor(() => expect(page.imported).toHaveBeenCalledWith('/_ssg/app.js'));
    page.paint('first-contentful-paint');
    await new Promise((r) => setTimeout(r, 20));
    expect(page.imported).toHaveBeenCalledTimes(1);
  });

  it('starts after the next frame in a browser that does not report paints', async () => {
    const page = bootPage(false, false);
    await new Promise((r) => setTimeout(r, 20));
    expect(page.imported).not.toHaveBeenCalled();
    expect(page.frames).toHaveLength(1);
    page.frames[0]?.();
    await vi.waitFor(() => expect(page.imported).toHaveBeenCalledWith('/_ssg/app.js'));
    expect(page.preloads()).toEqual(EXPECTED);
  });

  it('starts at once in a background tab, which has no frames', async () => {
    const page = bootPage(true);
    await vi.waitFor(() => expect(page.imported).toHaveBeenCalledWith('/_ssg/app.js'));
    expect(page.frames).toEqual([]);
    expect(page.preloads()).toEqual(EXPECTED);
  });

  it('is the text in every page, one line with no comments', () => {
    const text = browserCode('boot');
    expect(text).not.toMatch(/\n|\/\*|\/\//);
    const html = documentHtml({
      lang: 'en',
      head: { title: 'Home' },
      body: '',
      path: '/',
      staticQueryHashes: [],
      sliceNames: [],
      client: {
        entry: '/_ssg/app.js',
        entryChunks: { js: [], css: [] },
        components: {},
        files: [],
      },
      components: [],
      trailingSlash: 'always',
      compilationHash: 'abc',
    } as unknown as Parameters<typeof documentHtml>[0]);
    expect(html).toContain(`<script type="module">${text}</script>`);
  });
});
