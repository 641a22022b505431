// Real: routes, render and the output map (file names, JSON shapes, compilation hash, build id); faked: the server renderer, the site's modules and the client bundle (testing/stub-site.ts), no Vite, no disk.
import type { AppData, PageData, SliceData, StaticQueryResult } from '@ssg/loader/contract';
import { describe, expect, it } from 'vitest';
import { defineStaticQuery, type RouteDefinition } from '../site/index.ts';
import {
  renderStub,
  requiredRoutes,
  type StubSiteInput,
  stubModule,
  stubSite,
} from '../testing/stub-site.ts';
import type { TrailingSlash } from '../types.ts';
import { type OutputInput, outputFiles, outputOf } from './output.ts';

const phone = defineStaticQuery('phone', () => '+55 11 5555-0000');
const servicos = (data: unknown = ['banho']): RouteDefinition => ({
  path: '/servicos/',
  component: 'page',
  head: { title: 'Serviços' },
  data,
});

/** The output of a stub site, as emit would get it after routes and render. */
async function outputInput(
  site: Partial<StubSiteInput> = {},
  trailingSlash: TrailingSlash = 'always',
): Promise<OutputInput> {
  const loaded = stubSite({
    routes: requiredRoutes(servicos()),
    staticQueries: [phone],
    slices: [{ name: 'footer', component: 'footer', data: { year: 2026 } }],
    modules: {
      home: stubModule({ queries: [phone.hash], slices: { foot: 'footer' } }),
      page: stubModule(),
      footer: stubModule(),
    },
    files: ({ brand, routes }) => [
      { path: 'robots.txt', contents: `User-agent: *\n# ${brand}\n` },
      { path: '/sitemap.txt', contents: routes.map((r) => r.path).join('\n') },
    ],
    ...site,
  });
  const content = {};
  const { routes, rendered, client } = await renderStub(loaded, { trailingSlash, content });
  return { loaded, brand: 'vet', trailingSlash, content, routes, rendered, client };
}

const text = (files: ReadonlyMap<string, string | Uint8Array>, name: string): string => {
  const file = files.get(name);
  if (typeof file !== 'string') throw new Error(`no text file ${name}`);
  return file;
};
const jsonOf = <T>(files: ReadonlyMap<string, string | Uint8Array>, name: string): T => {
  const file = text(files, name);
  expect(file.endsWith('}\n')).toBe(true);
  return JSON.parse(file) as T;
};

describe('the output map', () => {
  it('has the HTML and page-data of every page, each static query, slice, app-data and the site files', async () => {
    const output = outputOf(await outputInput());
    expect([...output.names].sort()).toEqual([
      '/404.html',
      '/500.html',
      '/index.html',
      '/page-data/404.html/page-data.json',
      '/page-data/500.html/page-data.json',
      '/page-data/app-data.json',
      '/page-data/index/page-data.json',
      '/page-data/servicos/page-data.json',
      `/page-data/sq/d/${phone.hash}.json`,
      '/robots.txt',
      '/servicos/index.html',
      '/sitemap.txt',
      '/slice-data/footer.json',
    ]);
    expect(output.pageCount).toBe(4);
    const files = new Map(output.files());
    expect([...files.keys()]).toEqual(output.names);
    // a page's HTML and page-data are made when written, not held
    expect(typeof files.get('/servicos/index.html')).toBe('function');
    expect(typeof files.get('/page-data/servicos/page-data.json')).toBe('function');
  });

  it("holds the pages' files in no map: only the files that are not a page's are kept by name", async () => {
    const output = outputOf(await outputInput());
    expect([...output.fixed.keys()].sort()).toEqual([
      '/page-data/app-data.json',
      `/page-data/sq/d/${phone.hash}.json`,
      '/robots.txt',
      '/sitemap.txt',
      '/slice-data/footer.json',
    ]);
    // each page's files are made afresh as they are iterated, so nothing holds them between
    const [first] = output.files();
    const [again] = output.files();
    expect(first?.[0]).toBe('/page-data/index/page-data.json');
    expect(again?.[1]).not.toBe(first?.[1]);
  });

  it("lets a site file named as a page's data replace it, and a page's HTML win over a site file", async () => {
    const output = outputOf(
      await outputInput({
        files: () => [
          { path: 'page-data/servicos/page-data.json', contents: '{"own":true}\n' },
          { path: 'servicos/index.html', contents: 'not the page' },
        ],
      }),
    );
    const files = new Map(output.files());
    expect(files.get('/page-data/servicos/page-data.json')).toBe('{"own":true}\n');
    const html = files.get('/servicos/index.html');
    expect(typeof html === 'function' ? html() : html).toContain('<main>');
    expect(output.names.filter((name) => name === '/servicos/index.html')).toHaveLength(1);
  });

  it('writes page-data, static query, slice and app-data files in the shapes the loader reads', async () => {
    const input = await outputInput();
    const files = outputFiles(input);
    expect(jsonOf<PageData>(files, '/page-data/index/page-data.json')).toEqual({
      componentChunkName: 'component---home',
      path: '/',
      result: { data: { greeting: 'olá' }, pageContext: {}, head: { title: 'Home' } },
      staticQueryHashes: [phone.hash],
      slicesMap: { foot: 'footer' },
    });
    expect(jsonOf<StaticQueryResult>(files, `/page-data/sq/d/${phone.hash}.json`)).toEqual({
      data: '+55 11 5555-0000',
    });
    expect(jsonOf<SliceData>(files, '/slice-data/footer.json')).toEqual({
      componentChunkName: 'component---footer',
      result: { sliceContext: {}, data: { year: 2026 } },
      staticQueryHashes: [],
    });
    const appData = jsonOf<AppData>(files, '/page-data/app-data.json');
    expect(Object.keys(appData)).toEqual(['compilationHash', 'buildId']);
    expect(appData.compilationHash).toMatch(/^\w{8,}$/);
    expect(appData.buildId).toMatch(/^[0-9a-f]{20}$/);
    expect(text(files, '/robots.txt')).toBe('User-agent: *\n# vet\n');
    expect(text(files, '/sitemap.txt')).toBe('/\n/404.html\n/500.html\n/servicos/');
  });

  it("puts the build's compilation hash in every page and in app-data", async () => {
    const input = await outputInput();
    const output = outputOf(input);
    const files = outputFiles(input);
    const hash = output.compilationHash;
    expect(jsonOf<AppData>(files, '/page-data/app-data.json').compilationHash).toBe(hash);
    for (const page of ['/index.html', '/404.html', '/500.html', '/servicos/index.html']) {
      expect(text(files, page)).toContain(`<meta name="ssg-compilation-hash" content="${hash}">`);
      const made = new Map(output.files()).get(page);
      expect(typeof made === 'function' ? made() : made).toBe(text(files, page));
    }
  });

  it('names the files of trailingSlash "never" pages as "always" does', async () => {
    const files = outputFiles(await outputInput({}, 'never'));
    expect(files.has('/servicos/index.html')).toBe(true);
    expect(jsonOf<PageData>(files, '/page-data/servicos/page-data.json').path).toBe('/servicos');
  });

  it('gives byte-identical files for the same input', async () => {
    const a = outputFiles(await outputInput());
    const b = outputFiles(await outputInput());
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [name, bytes] of a) expect(b.get(name)).toEqual(bytes);
  });

  it("keeps the compilation hash when only a page's data changes, and changes the build id", async () => {
    const before = outputFiles(await outputInput());
    const after = outputFiles(
      await outputInput({ routes: requiredRoutes(servicos(['banho', 'tosa'])) }),
    );
    const app = (files: typeof before) => jsonOf<AppData>(files, '/page-data/app-data.json');
    expect(app(after).compilationHash).toBe(app(before).compilationHash);
    expect(app(after).buildId).not.toBe(app(before).buildId);
  });

  it('changes the compilation hash when a static query, a slice or the client changes', async () => {
    const hashOf = async (site: Partial<StubSiteInput>) =>
      outputOf(await outputInput(site)).compilationHash;
    const base = await hashOf({});
    const otherPhone = defineStaticQuery('phone', () => '+55 11 5555-9999');
    expect(await hashOf({ staticQueries: [otherPhone] })).not.toBe(base);
    expect(
      await hashOf({ slices: [{ name: 'footer', component: 'footer', data: { year: 2027 } }] }),
    ).not.toBe(base);
    const input = await outputInput();
    const client = { ...input.client, styles: 'body{color:blue}' };
    expect(outputOf({ ...input, client }).compilationHash).not.toBe(base);
  });
});
