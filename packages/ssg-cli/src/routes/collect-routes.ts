// Stage "routes": the site's pages and slices, checked.
import { pageNameOf } from '@ssg/loader/contract';
import { SsgError } from '../errors.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import { withTrailingSlash } from '../shared/trailing-slash.ts';
import type { ContentIssue, RouteDefinition, SliceDefinition } from '../site/index.ts';
import type { LoadedSite } from '../types.ts';
import { matchPathIssues } from './match-path-check.ts';

/** Pages every site must have: the loader falls back to them on 404 and 500. */
export const REQUIRED_PAGES = ['/', '/404.html', '/500.html'];

/** Stage "routes": the site's pages and slices, checked, with paths in the trailing-slash form. */
export interface Routes {
  routes: RouteDefinition[];
  slices: SliceDefinition[];
}

/** A route's data: what its `loadData` reads, else its `data`; `null` when it has neither. */
export const routeData = (route: Pick<RouteDefinition, 'data' | 'loadData'>): unknown =>
  route.loadData ? route.loadData() : (route.data ?? null);

export function collectRoutes(
  ctx: { loaded: LoadedSite; trailingSlash: TrailingSlash },
  content: unknown,
): Routes {
  const { site, browser } = ctx.loaded;
  const routes = site
    .routes(content)
    .map((route) => ({ ...route, path: withTrailingSlash(route.path, ctx.trailingSlash) }));
  const slices = site.slices?.(content) ?? [];
  const problems: ContentIssue[] = [];
  const seen = new Set<string>();
  for (const [i, route] of routes.entries()) {
    const where = { file: 'src/site.ts', path: `routes()[${i}]` };
    if (!route.path.startsWith('/') || /[\s?#\\]|\/\.\.?(\/|$)/.test(route.path)) {
      problems.push({
        ...where,
        value: route.path,
        message: 'A route path must start with / and hold no spaces, ?, #, \\ or . / .. segments.',
      });
    }
    const name = pageNameOf(route.path);
    if (seen.has(name))
      problems.push({
        ...where,
        value: route.path,
        message: 'Another route already has this path; each page needs its own.',
      });
    seen.add(name);
    if (!(route.component in browser.components)) {
      problems.push({
        ...where,
        value: route.component,
        message: `No component of that name in browser.ts; the components are ${Object.keys(browser.components).join(', ')}.`,
      });
    }
    if (route.loadData !== undefined && route.data !== undefined)
      problems.push({
        ...where,
        value: 'data and loadData',
        message: 'A route takes its data from data or from loadData, not both; keep one.',
      });
    if (route.loadData !== undefined && typeof route.loadData !== 'function')
      problems.push({
        ...where,
        path: `${where.path}.loadData`,
        value: typeof route.loadData,
        message: "loadData must be a function that returns the page's data.",
      });
    if (!route.head?.title)
      problems.push({
        ...where,
        value: route.head?.title,
        message: 'Every page needs head.title.',
      });
  }
  for (const required of REQUIRED_PAGES) {
    if (!seen.has(pageNameOf(required))) {
      problems.push({
        file: 'src/site.ts',
        path: 'routes()',
        value: undefined,
        message: `The site has no page ${required}; add it (the loader shows it on ${required === '/' ? 'start' : 'errors'}).`,
      });
    }
  }
  for (const [i, slice] of slices.entries()) {
    if (!(slice.component in browser.components)) {
      problems.push({
        file: 'src/site.ts',
        path: `slices()[${i}]`,
        value: slice.component,
        message: 'No component of that name in browser.ts.',
      });
    }
    if (!/^[a-z0-9-]+$/.test(slice.name)) {
      problems.push({
        file: 'src/site.ts',
        path: `slices()[${i}].name`,
        value: slice.name,
        message: 'A slice name may hold only a-z, 0-9 and -.',
      });
    }
  }
  problems.push(...matchPathIssues(routes));
  if (problems.length > 0) {
    throw new SsgError('ROUTES_INVALID', `The site's routes have ${problems.length} problem(s).`, {
      issues: problems,
      hint: 'Fix routes() and slices() in the site folder.',
    });
  }
  return { routes, slices };
}
