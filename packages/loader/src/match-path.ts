// Client-only routes: which page answers a path that has no page of its own (page-data `matchPath`).

/**
 * One client-only route, as every page's root element lists them (`data-match-paths`, only on
 * sites that have any) and `_ssg-host/match-paths.json` for `ssg serve`: most specific first.
 */
export interface MatchPath {
  /** The page's own path, e.g. `/conta/`. */
  path: string;
  /** Its pattern, e.g. `/conta/*`. */
  matchPath: string;
}

/**
 * A `matchPath` pattern as a regular expression's source: literal segments, `:name` for one
 * segment, a last `*` for any rest (none included); a trailing slash never matters. The build
 * writes nginx's locations from the same source, so the host and the loader agree.
 */
export const matchPathSource = (pattern: string): string =>
  `^${pattern
    .replace(/\/+$/, '')
    .replace(/\./g, '\\.')
    .replace(/:[^/]+/g, '[^/]+')
    .replace(/\/\*$/, '(/.*)?')}/?$`;

/** Whether `pattern` covers `path` (its `?search` ignored). */
export const pathMatches = (pattern: string, path: string): boolean =>
  new RegExp(matchPathSource(pattern)).test(path.split('?')[0] as string);

/** The page answering `path` among the build's match paths (most specific first), if any. */
export const pageMatching = (
  matchPaths: readonly MatchPath[] | undefined,
  path: string,
): string | undefined => matchPaths?.find((m) => pathMatches(m.matchPath, path))?.path;
