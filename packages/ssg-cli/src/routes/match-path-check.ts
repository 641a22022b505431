// Stage "routes", client-only routes: each page's `matchPath` well formed, covering its own path and no other page's.
import { pathMatches } from '@ssg/loader/contract';
import type { ContentIssue, RouteDefinition } from '../site/index.ts';

/** `/`-separated segments: literal (unreserved URL characters), `:name`, and a last `*`. */
const SYNTAX = /^(\/([A-Za-z0-9_~.-]+|:[A-Za-z_][A-Za-z0-9_]*))*(\/\*)?\/?$/;

const ERROR_PAGES = new Set(['/404.html', '/500.html']);

/** Why a route's `matchPath` cannot be built, or `undefined`. */
function problemOf(route: RouteDefinition, routes: readonly RouteDefinition[]): string | undefined {
  const pattern = route.matchPath;
  if (typeof pattern !== 'string' || !SYNTAX.test(pattern) || /\/\.\.?(\/|$)/.test(pattern))
    return 'A matchPath is a path pattern: segments of letters, digits and _ ~ . -, `:name` for any one segment, and a last `*` for anything below, e.g. "/conta/*" or "/app/:id/".';
  if (!/[:*]/.test(pattern))
    return `This matchPath holds no :name or *, so it answers no path but its own; write e.g. "${pattern.replace(/\/?$/, '/*')}", or remove it.`;
  if (ERROR_PAGES.has(route.path))
    return 'The 404 and 500 pages cannot have a matchPath: they answer unknown paths and errors already.';
  if (!pathMatches(pattern, route.path))
    return `The matchPath does not cover the page's own path ${route.path}; make it a pattern of that path, e.g. "${route.path.replace(/\/?$/, '/*')}".`;
  const other = routes.find((r) => r !== route && pathMatches(pattern, r.path));
  if (other)
    return `The matchPath also covers the page ${other.path}, which has a page of its own; narrow the pattern (e.g. a :name or a literal segment) so that no other page's path matches it.`;
  return undefined;
}

/** One issue per route whose `matchPath` is malformed, misses its own path or covers another page. */
export function matchPathIssues(routes: readonly RouteDefinition[]): ContentIssue[] {
  return routes.flatMap((route, i) => {
    if (route.matchPath === undefined) return [];
    const message = problemOf(route, routes);
    return message
      ? [{ file: 'src/site.ts', path: `routes()[${i}].matchPath`, value: route.matchPath, message }]
      : [];
  });
}
