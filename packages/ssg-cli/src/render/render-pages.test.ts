// Real: stage "render" (routes, static queries, slices, pages, documents); faked: the server renderer and the site's modules (testing/stub-site.ts), no Vite, no disk.
import { describe, expect, it } from 'vitest';
import { SsgError } from '../errors.ts';
import { defineStaticQuery } from '../site/index.ts';
import {
  type RenderCall,
  renderStub,
  requiredRoutes,
  stubModule,
  stubSite,
} from '../testing/stub-site.ts';
import { evaluateStaticQueries } from './static-queries.ts';

const content = { phone: '+55 11 5555-0000', units: ['Centro', 'Sul'] };
type Content = typeof content;
/** A static query over this test's content, typed as the site definition holds it. */
const query = (id: string, select: (c: Content) => unknown) =>
  defineStaticQuery(id, select as (c: unknown) => unknown);
const phone = query('phone', (c) => c.phone);
const units = query('units', (c) => c.units);
const queries = [phone, units];

/** The error a promise or a function rejects with. */
async function failure(run: () => unknown): Promise<SsgError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(SsgError);
    return error as SsgError;
  }
  throw new Error('expected it to fail');
}

describe('stage render', () => {
  it('renders every route once, in order, each page with its own data', async () => {
    const calls: RenderCall[] = [];
    const loaded = stubSite({
      calls,
      routes: requiredRoutes({
        path: '/servicos',
        component: 'page',
        head: { title: 'Serviços' },
        data: { list: ['banho', 'tosa'] },
        pageContext: { section: 'servicos' },
      }),
    });
    const { rendered } = await renderStub(loaded, { content });
    expect(rendered.pages.map((p) => p.route.path)).toEqual([
      '/',
      '/404.html',
      '/500.html',
      '/servicos/',
    ]);
    expect(calls.map((c) => c.what)).toEqual(['/', '/404.html', '/500.html', '/servicos/']);
    const servicos = rendered.pages[3];
    expect(servicos?.pageData()).toEqual({
      componentChunkName: 'component---page',
      path: '/servicos/',
      result: {
        data: { list: ['banho', 'tosa'] },
        pageContext: { section: 'servicos' },
        head: { title: 'Serviços' },
      },
      staticQueryHashes: [],
      slicesMap: {},
    });
    expect(servicos?.html('h1')).toContain(
      '<main>{&quot;list&quot;:[&quot;banho&quot;,&quot;tosa&quot;]}</main>',
    );
    expect(rendered.pages[1]?.pageData().result.data).toBeNull();
  });

  it('evaluates each static query once against the content and hands every result to the renderer', async () => {
    let selected = 0;
    const counted = query('counted', (c) => {
      selected++;
      return c.units.length;
    });
    const calls: RenderCall[] = [];
    const loaded = stubSite({
      calls,
      routes: requiredRoutes(),
      staticQueries: [...queries, counted],
      modules: {
        home: stubModule({ queries: [phone.hash] }),
        page: stubModule(),
        footer: stubModule(),
      },
    });
    const { rendered } = await renderStub(loaded, { content });
    expect(selected).toBe(1);
    expect([...rendered.staticQueryResults]).toEqual([
      [phone.hash, { id: 'phone', data: '+55 11 5555-0000' }],
      [units.hash, { id: 'units', data: ['Centro', 'Sul'] }],
      [counted.hash, { id: 'counted', data: 2 }],
    ]);
    for (const call of calls)
      expect(call.input.staticQueryResults).toEqual({
        [phone.hash]: '+55 11 5555-0000',
        [units.hash]: ['Centro', 'Sul'],
        [counted.hash]: 2,
      });
    const home = rendered.pages[0];
    expect(home?.html('h1')).toContain('&quot;+55 11 5555-0000&quot;');
    expect(home?.pageData().staticQueryHashes).toEqual([phone.hash]);
  });

  it('renders each slice once, before the pages, and puts its HTML and queries in the pages that use it', async () => {
    const calls: RenderCall[] = [];
    const loaded = stubSite({
      calls,
      routes: requiredRoutes(),
      staticQueries: queries,
      slices: [
        { name: 'footer', component: 'footer', data: { year: 2026 }, sliceContext: { dark: true } },
      ],
      modules: {
        home: stubModule({ slices: { 'site-footer': 'footer' } }),
        page: stubModule(),
        footer: stubModule({ queries: [units.hash] }),
      },
    });
    const { rendered } = await renderStub(loaded, { content });
    expect(calls.map((c) => `${c.kind} ${c.what}`)).toEqual([
      'slice component---footer',
      'page /',
      'page /404.html',
      'page /500.html',
    ]);
    expect(rendered.slices).toEqual([
      {
        name: 'footer',
        html: '<aside>{&quot;year&quot;:2026}|[&quot;Centro&quot;,&quot;Sul&quot;]</aside>',
        sliceData: {
          componentChunkName: 'component---footer',
          result: { sliceContext: { dark: true }, data: { year: 2026 } },
          staticQueryHashes: [units.hash],
        },
      },
    ]);
    const [home, notFound] = rendered.pages;
    expect(home?.pageData().slicesMap).toEqual({ 'site-footer': 'footer' });
    const html = home?.html('h1') ?? '';
    expect(html).toContain('<aside>{&quot;year&quot;:2026}');
    // the boot data asks for the slice's data and the static query the slice reads
    expect(html).toContain('"/slice-data/footer.json"');
    expect(html).toContain(`"/page-data/sq/d/${units.hash}.json"`);
    expect(notFound?.html('h1')).not.toContain('slice-data');
  });

  it('keeps no function per page until emit makes its files (100,000 pages in 500 MB)', async () => {
    const loaded = stubSite({
      routes: requiredRoutes({ path: '/a', component: 'page', head: { title: 'A' } }),
    });
    const { rendered } = await renderStub(loaded, { content });
    const [home, , , a] = rendered.pages;
    for (const page of rendered.pages)
      expect(Object.values(page).filter((value) => typeof value === 'function')).toEqual([]);
    expect(a?.html('h1')).toContain('<meta name="ssg-compilation-hash" content="h1">');
    // pages rendered alike share one record of their inline code, not one each
    home?.html('h1');
    expect(a?.inline()).toBe(home?.inline());
  });

  it("writes each page's document with the compilation hash asked for and the site's language", async () => {
    const loaded = stubSite({ routes: requiredRoutes(), lang: 'pt-BR' });
    const { rendered } = await renderStub(loaded, { content });
    const home = rendered.pages[0];
    expect(home?.html('abc123')).toMatch(/^<!DOCTYPE html><html lang="pt-BR"><head>/);
    expect(home?.html('abc123')).toContain('<meta name="ssg-compilation-hash" content="abc123">');
    expect(home?.html('def456')).toContain('content="def456"');
    expect(home?.html('abc123')).toContain('<title>Home</title>');
  });

  it('names the page whose component throws, and the slice whose component throws', async () => {
    const broken = stubSite({
      routes: requiredRoutes({ path: '/contato/', component: 'broken', head: { title: 'C' } }),
      modules: {
        home: stubModule(),
        page: stubModule(),
        broken: stubModule({ fails: 'units is undefined' }),
      },
    });
    const page = await failure(() => renderStub(broken, { content }));
    expect(page.code).toBe('RENDER_FAILED');
    expect(page.message).toBe('Rendering page /contato/ failed: units is undefined');

    const brokenSlice = stubSite({
      routes: requiredRoutes(),
      slices: [{ name: 'footer', component: 'footer' }],
      modules: {
        home: stubModule(),
        page: stubModule(),
        footer: stubModule({ fails: 'no year' }),
      },
    });
    const slice = await failure(() => renderStub(brokenSlice, { content }));
    expect(slice.code).toBe('RENDER_FAILED');
    expect(slice.message).toBe('Rendering slice "footer" failed: no year');
  });

  it("names the page whose loadData throws, and reads a page's data from loadData", async () => {
    const loaded = stubSite({
      routes: requiredRoutes(
        { path: '/galeria/', component: 'page', head: { title: 'G' }, loadData: () => ({ n: 6 }) },
        {
          path: '/equipe/',
          component: 'page',
          head: { title: 'E' },
          loadData: () => {
            throw new Error('equipe.json is missing');
          },
        },
      ),
    });
    const error = await failure(() => renderStub(loaded, { content }));
    expect(error.code).toBe('CONTENT_INVALID');
    expect(error.message).toBe('Reading the data of page /equipe/ failed: equipe.json is missing');

    const fine = stubSite({
      routes: requiredRoutes({
        path: '/galeria/',
        component: 'page',
        head: { title: 'G' },
        loadData: () => ({ n: 6 }),
      }),
    });
    const { rendered } = await renderStub(fine, { content });
    expect(rendered.pages[3]?.pageData().result.data).toEqual({ n: 6 });
  });

  it('refuses two static queries of one hash, and names a static query that throws', async () => {
    const twin = { ...units, id: 'units-again' };
    const clash = await failure(() =>
      evaluateStaticQueries(stubSite({ routes: [], staticQueries: [units, twin] }), content),
    );
    expect(clash.code).toBe('CONFIG');
    expect(clash.message).toBe(
      `The static queries "units" and "units-again" have the same hash ${units.hash}.`,
    );

    const throwing = query('address', () => {
      throw new Error('no address');
    });
    const failed = await failure(() =>
      evaluateStaticQueries(stubSite({ routes: [], staticQueries: [throwing] }), content),
    );
    expect(failed.code).toBe('RENDER_FAILED');
    expect(failed.message).toBe('The static query "address" failed: no address');
  });
});
