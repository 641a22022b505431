// Real: build() of the mini fixture site into a temporary folder (esbuild, Vite, workbox). Faked: nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/index.ts';
import { buildMini, listFiles, must, readJson } from './helpers.ts';

let result: BuildResult;
let files: string[];
const read = (file: string) => readFileSync(path.join(result.outDir, file), 'utf8');
/** The boot data of a page: what it loads after its first paint. */
const boot = (file: string): { entry: string; modules: string[]; data: string[] } =>
  JSON.parse(
    must(
      /<script type="application\/json" id="___ssg-boot">(.*?)<\/script>/s.exec(read(file))?.[1],
    ),
  );

beforeAll(async () => {
  result = await buildMini();
  files = listFiles(result.outDir);
});

describe('the output folder contract', () => {
  it('writes an HTML file per page, 404.html and 500.html', () => {
    for (const file of [
      'index.html',
      '404.html',
      '500.html',
      'sobre/index.html',
      'servicos/index.html',
    ]) {
      expect(files).toContain(file);
    }
    expect(result.pages).toBe(5);
  });

  it('writes app-data with the compilation hash that every HTML page carries', () => {
    const appData = readJson(path.join(result.outDir, 'page-data/app-data.json'));
    expect(appData).toEqual({
      compilationHash: result.compilationHash,
      buildId: expect.stringMatching(/^[0-9a-f]{20}$/),
    });
    const pages = ['index.html', '404.html', '500.html', 'sobre/index.html', 'servicos/index.html'];
    for (const html of pages) {
      expect(read(html)).toContain(
        `<meta name="ssg-compilation-hash" content="${result.compilationHash}">`,
      );
    }
  });

  it('writes page-data of the documented shape, with index for / and file names for 404/500', () => {
    for (const [name, pagePath] of [
      ['index', '/'],
      ['sobre', '/sobre/'],
      ['404.html', '/404.html'],
      ['500.html', '/500.html'],
    ]) {
      const data = readJson(path.join(result.outDir, `page-data/${name}/page-data.json`)) as Record<
        string,
        unknown
      >;
      expect(Object.keys(data).sort()).toEqual([
        'componentChunkName',
        'path',
        'result',
        'slicesMap',
        'staticQueryHashes',
      ]);
      expect(data.path).toBe(pagePath);
      expect(data.componentChunkName).toMatch(/^component---/);
      expect(Object.keys(data.result as object)).toEqual(
        expect.arrayContaining(['data', 'pageContext']),
      );
      expect(data.slicesMap).toEqual({ footer: 'footer' });
    }
  });

  it('lists in each page the static queries its component tree used, and writes each once as {data}', () => {
    const page = readJson(path.join(result.outDir, 'page-data/sobre/page-data.json')) as {
      staticQueryHashes: string[];
    };
    expect(page.staticQueryHashes).toHaveLength(1);
    const query = readJson(
      path.join(result.outDir, `page-data/sq/d/${page.staticQueryHashes[0]}.json`),
    );
    expect(query).toEqual({
      data: { name: 'Mini <Clínica>', tagline: 'Cuidado </script><!-- sempre' },
    });
    expect(files.filter((f) => f.startsWith('page-data/sq/d/'))).toHaveLength(1);
  });

  it('renders the footer slice once and writes its slice data of the documented shape', () => {
    const slice = readJson(path.join(result.outDir, 'slice-data/footer.json')) as Record<
      string,
      unknown
    >;
    expect(slice).toEqual({
      componentChunkName: 'component---footer',
      result: { sliceContext: {}, data: { year: 2026, name: 'Mini <Clínica>' } },
      staticQueryHashes: [expect.any(String)],
    });
    expect(read('index.html')).toContain(
      '<div data-ssg-slice="footer" style="display:contents"><footer id="contato">',
    );
  });

  it('bundles one JS chunk per page component and preloads the page chunk from its HTML', () => {
    const chunks = files.filter((f) => f.startsWith('_ssg/') && f.endsWith('.js'));
    for (const component of ['home', 'page', 'not-found', 'server-error', 'footer']) {
      expect(
        chunks.some((c) => path.basename(c).startsWith(`${component}-`)),
        component,
      ).toBe(true);
    }
    const pageChunk = must(chunks.find((c) => path.basename(c).startsWith('page-')));
    expect(boot('sobre/index.html').modules).toContain(`/${pageChunk}`);
    expect(read('index.html')).not.toContain(`/${pageChunk}`);
  });

  it('asks V8 to compile the entry chunk ahead, off the main thread (it runs at load), and no other chunk', () => {
    const entry = boot('index.html').entry.slice(1);
    expect(read(entry).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    const others = files.filter((f) => f.startsWith('_ssg/') && f.endsWith('.js') && f !== entry);
    expect(others.length).toBeGreaterThan(0);
    for (const chunk of others)
      expect(read(chunk), chunk).not.toContain('allFunctionsCalledOnLoad');
  });

  it('starts the client after the first paint: nothing but the page and its CSS in the head', () => {
    for (const html of ['index.html', 'sobre/index.html', '404.html']) {
      const head = must(/<head>(.*)<\/head>/s.exec(read(html))?.[1]);
      expect(head, html).not.toMatch(/<script (type="module"|src)|rel="modulepreload"|as="fetch"/);
      const data = boot(html);
      expect(data.entry, html).toMatch(/^\/_ssg\/app-[\w-]+\.js$/);
      expect(files, html).toContain(data.entry.slice(1));
      for (const url of data.modules) expect(files, `${html}: ${url}`).toContain(url.slice(1));
      expect(data.data, html).toContain('/page-data/app-data.json');
      // The boot script comes after the content, and asks for the entry after a frame.
      const body = must(/<body>(.*)<\/body>/s.exec(read(html))?.[1]);
      expect(body.indexOf('id="___ssg-boot"'), html).toBeGreaterThan(body.indexOf('</main>'));
      expect(body, html).toMatch(/<script type="module">[^<]*requestAnimationFrame[^<]*<\/script>/);
    }
    expect(boot('sobre/index.html').data).toContain('/page-data/sobre/page-data.json');
  });

  it("inlines the site's one stylesheet in every page: no CSS request before the first paint", () => {
    expect(files.filter((f) => f.endsWith('.css'))).toEqual([]);
    for (const html of ['index.html', 'sobre/index.html', '404.html']) {
      const head = must(/<head>(.*)<\/head>/s.exec(read(html))?.[1]);
      expect(head, html).not.toContain('rel="stylesheet"');
      // frame.css of the fixture, minified, before the entry script.
      const style = /<style>(.*?)<\/style>/s.exec(head)?.[1];
      expect(style, html).toMatch(/header\{gap:1rem;display:flex\}/);
      expect(style, html).not.toContain('$vite$');
    }
  });

  it('renders every page inside the layout of the browser definition', () => {
    const pages: Array<[string, string]> = [
      ['index.html', 'Início'],
      ['sobre/index.html', 'Sobre nós'],
      ['404.html', 'Página não encontrada'],
    ];
    for (const [html, h1] of pages) {
      expect(read(html), html).toMatch(
        new RegExp(
          `<header>.*Cliques: <!-- -->0</button></header><main><div id="___ssg-focus" tabindex="-1" style="outline:none"><!--&--><h1>${h1}</h1>`,
          's',
        ),
      );
    }
  });

  it('writes a workbox service worker that precaches every page and the hashed chunks', () => {
    const sw = read('sw.js');
    expect(sw).toContain('"url":"sobre/index.html"');
    expect(sw).toContain('"url":"404.html"');
    expect(sw).toMatch(/"url":"_ssg\/app-[\w-]+\.js","revision":null/);
    expect(sw).toContain(`// build ${result.compilationHash}`);
    expect(sw).not.toContain('__SSG_PRECACHE_MANIFEST__');
  });

  it('writes the extra files of the site', () => {
    expect(read('robots.txt')).toContain('User-agent: *');
  });

  it('reports pages, bytes and a time for every stage', () => {
    expect(result.bytes.html).toBeGreaterThan(1000);
    expect(result.bytes.js).toBeGreaterThan(10_000);
    expect(result.stages.map((s) => s.name)).toEqual([
      'config',
      'content',
      'routes',
      'bundle',
      'render',
      'emit',
      'service-worker',
    ]);
  });
});

describe('safe output', () => {
  it('escapes content text in HTML and JSON embedded in script elements', () => {
    const html = read('index.html');
    expect(html).toContain('Mini &lt;Clínica&gt;');
    expect(html).not.toContain('Cuidado </script>');
    expect(html).toContain('Cuidado &lt;/script&gt;&lt;!-- sempre');
    // Three scripts (the JSON-LD, the boot data and the boot script), each opened and closed
    // once: content could not add or end any.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    const jsonLd = must(
      /<script data-ssg-head type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1],
    );
    expect(jsonLd).toContain('Cuidado \\u003c/script\\u003e\\u003c!-- sempre');
    expect(JSON.parse(jsonLd).description).toBe('Cuidado </script><!-- sempre');
  });

  it('opens links to other origins in a new tab without opener or referrer', () => {
    expect(read('index.html')).toContain(
      '<a href="https://example.org/" target="_blank" rel="noopener noreferrer">',
    );
  });
});
