// Client-only routes: the list of match paths a build writes, most specific pattern first.
import { type MatchPath, pathMatches } from '@ssg/loader/contract';
import { htmlFileOf } from './files.ts';
import { escapeAttribute } from './html.ts';

export type { MatchPath };

/** How specific one segment is: a literal beats `:name`, which beats the pattern's end, which beats `*`. */
const weightOf = (segment: string | undefined): number =>
  segment === undefined ? 2 : segment === '*' ? 1 : segment.startsWith(':') ? 3 : 4;

const segmentsOf = (pattern: string): string[] =>
  pattern
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter(Boolean);

/** Negative when `a` is more specific than `b`: compared segment by segment, then as text. */
export function bySpecificity(a: string, b: string): number {
  const sa = segmentsOf(a);
  const sb = segmentsOf(b);
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    const d = weightOf(sb[i]) - weightOf(sa[i]);
    if (d !== 0) return d;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The match paths of the pages that declare one, most specific first: the first that covers a
 * path answers it (loader, `ssg serve`, `ssg dev`). Empty for most sites, which then carry none.
 */
export function matchPathsOf(
  pages: ReadonlyArray<{ path: string; matchPath?: string | undefined }>,
): MatchPath[] {
  return pages
    .flatMap((p) => (p.matchPath ? [{ path: p.path, matchPath: p.matchPath }] : []))
    .sort((a, b) => bySpecificity(a.matchPath, b.matchPath));
}

/** ` data-match-paths="…"` for the root element, read by the client runtime; '' when there are none. */
export const matchPathsAttribute = (matchPaths: readonly MatchPath[] | undefined): string =>
  matchPaths?.length ? ` data-match-paths="${escapeAttribute(JSON.stringify(matchPaths))}"` : '';

/** The page answering `urlPath`, as the output-relative file of its HTML, or `undefined`. */
export function matchedPageFile(
  matchPaths: readonly MatchPath[],
  urlPath: string,
): string | undefined {
  const match = matchPaths.find((m) => pathMatches(m.matchPath, urlPath));
  return match && htmlFileOf(match.path);
}
