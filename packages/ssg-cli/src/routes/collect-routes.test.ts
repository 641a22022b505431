// Real: stage "routes" (trailing slash, duplicates, required pages, components, slices, matchPath); faked: the site's definition (testing/stub-site.ts), no Vite, no disk.
import { describe, expect, it } from 'vitest';
import type { ContentIssue } from '../errors.ts';
import { SsgError } from '../errors.ts';
import type { RouteDefinition, SliceDefinition } from '../site/index.ts';
import { requiredRoutes, stubSite } from '../testing/stub-site.ts';
import type { TrailingSlash } from '../types.ts';
import { collectRoutes } from './collect-routes.ts';

const page = (path: string, over: Partial<RouteDefinition> = {}): RouteDefinition => ({
  path,
  component: 'page',
  head: { title: path },
  ...over,
});

const collect = (
  routes: RouteDefinition[],
  trailingSlash: TrailingSlash = 'always',
  slices: SliceDefinition[] = [],
) => collectRoutes({ loaded: stubSite({ routes, slices }), trailingSlash }, {});

/** The issues the routes stage refuses the site with. */
function issuesOf(...args: Parameters<typeof collect>): ContentIssue[] {
  try {
    collect(...args);
  } catch (error) {
    expect(error).toBeInstanceOf(SsgError);
    const e = error as SsgError;
    expect(e.code).toBe('ROUTES_INVALID');
    expect(e.message).toBe(`The site's routes have ${e.issues.length} problem(s).`);
    return [...e.issues];
  }
  throw new Error('expected the routes to be refused');
}

describe('stage routes', () => {
  it('writes every path in the trailing-slash form, leaving / and files as they are', () => {
    const paths = (rule: TrailingSlash) =>
      collect(
        requiredRoutes(page('/servicos'), page('/galeria/'), page('/feed.xml')),
        rule,
      ).routes.map((r) => r.path);
    expect(paths('always')).toEqual([
      '/',
      '/404.html',
      '/500.html',
      '/servicos/',
      '/galeria/',
      '/feed.xml',
    ]);
    expect(paths('never')).toEqual([
      '/',
      '/404.html',
      '/500.html',
      '/servicos',
      '/galeria',
      '/feed.xml',
    ]);
    expect(paths('ignore')).toEqual([
      '/',
      '/404.html',
      '/500.html',
      '/servicos',
      '/galeria/',
      '/feed.xml',
    ]);
  });

  it("keeps the routes' order and fields, and the slices", () => {
    const footer = { name: 'footer', component: 'footer' };
    const routes = requiredRoutes(page('/contato/', { pageContext: { tab: 1 }, data: { a: 1 } }));
    const collected = collect(routes, 'always', [footer]);
    expect(collected.routes).toEqual(routes);
    expect(collected.slices).toEqual([footer]);
  });

  it('refuses two routes of one page, with or without the trailing slash, naming the second', () => {
    expect(issuesOf(requiredRoutes(page('/servicos/'), page('/servicos')), 'ignore')).toEqual([
      {
        file: 'src/site.ts',
        path: 'routes()[4]',
        value: '/servicos',
        message: 'Another route already has this path; each page needs its own.',
      },
    ]);
    expect(issuesOf(requiredRoutes(page('/')))).toMatchObject([
      { path: 'routes()[3]', value: '/' },
    ]);
  });

  it('names each missing required page', () => {
    expect(issuesOf([page('/', { component: 'home' })])).toEqual([
      {
        file: 'src/site.ts',
        path: 'routes()',
        value: undefined,
        message: 'The site has no page /404.html; add it (the loader shows it on errors).',
      },
      {
        file: 'src/site.ts',
        path: 'routes()',
        value: undefined,
        message: 'The site has no page /500.html; add it (the loader shows it on errors).',
      },
    ]);
    expect(issuesOf(requiredRoutes().slice(1))[0]?.message).toBe(
      'The site has no page /; add it (the loader shows it on start).',
    );
  });

  it('collects every problem of every route at once, each at its place', () => {
    const issues = issuesOf(
      requiredRoutes(
        page('servicos'),
        page('/a b/'),
        page('/x/../y/'),
        page('/equipe/', { component: 'team' }),
        page('/blog/', { head: { title: '' } }),
        page('/both/', { data: 1, loadData: () => 1 }),
      ),
    );
    expect(issues.map((i) => [i.path, i.value])).toEqual([
      ['routes()[3]', 'servicos/'],
      ['routes()[4]', '/a b/'],
      ['routes()[5]', '/x/../y/'],
      ['routes()[6]', 'team'],
      ['routes()[7]', ''],
      ['routes()[8]', 'data and loadData'],
    ]);
    expect(issues[3]?.message).toBe(
      'No component of that name in browser.ts; the components are home, page, footer.',
    );
    expect(issues[4]?.message).toBe('Every page needs head.title.');
  });

  it('refuses a slice of an unknown component or of a name that is not a-z, 0-9 and -', () => {
    const issues = issuesOf(requiredRoutes(), 'always', [
      { name: 'footer', component: 'nope' },
      { name: 'Top Bar', component: 'footer' },
    ]);
    expect(issues).toEqual([
      {
        file: 'src/site.ts',
        path: 'slices()[0]',
        value: 'nope',
        message: 'No component of that name in browser.ts.',
      },
      {
        file: 'src/site.ts',
        path: 'slices()[1].name',
        value: 'Top Bar',
        message: 'A slice name may hold only a-z, 0-9 and -.',
      },
    ]);
  });

  it("refuses a matchPath that covers another page's path", () => {
    const issues = issuesOf(requiredRoutes(page('/conta/', { matchPath: '/*' })));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ path: 'routes()[3].matchPath', value: '/*' });
  });
});
