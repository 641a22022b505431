// Real: the boot script as pages carry it (src/browser/boot.ts, minified by the build), run in a jsdom page. Faked: the page (jsdom), its frames (a requestAnimationFrame the test calls) and the entry's import().
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { browserCode } from '../src/pipeline/browser-code.ts';
import { documentHtml } from '../src/pipeline/html.ts';
import { ROOT_ID } from '../src/runtime/client-constants.ts';

const BOOT = {
  entry: '/_ssg/app.js',
  modules: ['/_ssg/page-1.js', '/_ssg/chunk-2.js'],
  data: ['/page-data/app-data.json'],
};

/** A jsdom page with the boot data, running the boot script; `import()` and frames are the test's. */
function bootPage(hidden: boolean) {
  const dom = new JSDOM(
    `<!DOCTYPE html><body><script type="application/json" id="${ROOT_ID}-boot">${JSON.stringify(BOOT)}</script>`,
    { runScripts: 'outside-only', pretendToBeVisual: true },
  );
  const { window } = dom;
  const frames: (() => void)[] = [];
  const imported = vi.fn();
  Object.defineProperty(window.document, 'hidden', { value: hidden });
  Object.assign(window, {
    requestAnimationFrame: (f: () => void) => frames.push(f),
    __import: imported,
  });
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
  return { frames, imported, preloads };
}

const EXPECTED = [
  { rel: 'modulepreload', href: '/_ssg/page-1.js', as: null, crossOrigin: null },
  { rel: 'modulepreload', href: '/_ssg/chunk-2.js', as: null, crossOrigin: null },
  { rel: 'preload', href: '/page-data/app-data.json', as: 'fetch', crossOrigin: 'anonymous' },
];

describe('the boot script', () => {
  it('waits for the first paint, then preloads the chunks and data and imports the entry', async () => {
    const page = bootPage(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(page.preloads()).toEqual([]);
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
      pageData: { path: '/', componentChunkName: 'page', result: {}, staticQueryHashes: [] },
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
