// Real: build() of the mini fixture site whose content lists pages read by their route's loadData (each from its own file), into a real folder with its real incremental cache. Faked: nothing; content files are changed and broken by hand between builds.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SsgError } from '../src/errors.ts';
import { collectRoutes } from '../src/routes/collect-routes.ts';
import type { RouteDefinition } from '../src/site/index.ts';
import type { LoadedSite } from '../src/types.ts';
import { buildMini, contentCopy, miniSiteCopy, snapshot, tempDir } from './helpers.ts';

const root = miniSiteCopy();
const contentDir = contentCopy();
const outDir = path.join(tempDir(), 'site');
const build = () => buildMini({ root, contentDir, outDir });

const LAZY = ['gatos', 'caes'];
const pageFile = (slug: string) => path.join(contentDir, 'pages', `${slug}.json`);
const writePage = (slug: string, body: string) =>
  writeFileSync(pageFile(slug), JSON.stringify({ slug, title: `Sobre ${slug}`, body }));
const siteFile = path.join(contentDir, 'site.json');
const site = JSON.parse(readFileSync(siteFile, 'utf8'));
site.lazyPages = LAZY.map((slug) => ({ slug, title: `Sobre ${slug}` }));
writeFileSync(siteFile, JSON.stringify(site));
mkdirSync(path.join(contentDir, 'pages'));
for (const slug of LAZY) writePage(slug, `Texto de ${slug}.`);

const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
const inode = (file: string) => statSync(path.join(outDir, file)).ino;
const pageData = (slug: string) =>
  JSON.parse(read(`page-data/${slug}/page-data.json`)) as { result: { data: unknown } };

describe('a route whose data is read by loadData', () => {
  it('renders the page and writes its page-data from what loadData read', async () => {
    await build();
    expect(read('gatos/index.html')).toContain('Texto de gatos.');
    expect(pageData('caes').result.data).toEqual({
      slug: 'caes',
      title: 'Sobre caes',
      body: 'Texto de caes.',
    });
  });

  it('renders again only the page whose data changed, keyed by the data it reads now', async () => {
    const before = { gatos: inode('gatos/index.html'), caes: inode('caes/index.html') };
    writePage('caes', 'Texto novo de caes.');
    const result = await build();
    expect(read('caes/index.html')).toContain('Texto novo de caes.');
    expect(pageData('caes').result.data).toMatchObject({ body: 'Texto novo de caes.' });
    expect(inode('caes/index.html')).not.toBe(before.caes);
    expect(inode('gatos/index.html')).toBe(before.gatos);
    expect(result.reused.pages).toBe(result.pages - 1);
  });

  it('fails naming the page when loadData throws, and leaves the previous output as it was', async () => {
    const before = snapshot(outDir);
    rmSync(pageFile('gatos'));
    const failure = await build().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SsgError);
    expect((failure as SsgError).code).toBe('CONTENT_INVALID');
    expect((failure as SsgError).message).toContain('Reading the data of page /gatos/ failed');
    expect((failure as SsgError).message).toContain('gatos.json');
    expect(snapshot(outDir)).toEqual(before);
    writePage('gatos', 'Texto de gatos.');
  });
});

describe('the routes stage', () => {
  it('refuses a route that has both data and loadData, naming it', () => {
    const page = (p: string, extra: Partial<RouteDefinition>): RouteDefinition => ({
      path: p,
      component: 'page',
      head: { title: p },
      ...extra,
    });
    const routes = [
      page('/', {}),
      page('/a/', { data: { a: 1 }, loadData: () => ({ a: 2 }) }),
      page('/404.html', {}),
      page('/500.html', {}),
    ];
    const loaded = {
      site: { routes: () => routes, staticQueries: [] },
      browser: { components: { page: async () => ({ default: () => null }) } },
    } as unknown as LoadedSite;
    let failure: unknown;
    try {
      collectRoutes({ loaded, trailingSlash: 'always' }, {});
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(SsgError);
    expect((failure as SsgError).code).toBe('ROUTES_INVALID');
    expect((failure as SsgError).issues).toEqual([
      expect.objectContaining({
        path: 'routes()[1]',
        value: 'data and loadData',
        message: expect.stringContaining('not both'),
      }),
    ]);
  });
});
