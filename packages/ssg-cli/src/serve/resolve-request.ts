// What `ssg serve` answers for a URL: a file, a redirect, a hidden path or a 404.
import path from 'node:path';
import { isHiddenPath, trailingSlashRedirect } from '../host/rules.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import { fileInside, isDotPath } from './published.ts';

export type Resolution =
  /** `pathname`: the decoded, slash-merged URL path the cache rules are matched against. */
  | {
      kind: 'file';
      file: string;
      pathname: string;
      /** The URL whose policy the file gets, when not `pathname` (a client-only route's page). */
      policyUrl?: string;
    }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' };

/**
 * A Location that stays on this origin: one `/`, then neither `/` nor `\` (browsers read `//x`
 * and `/\x` as another host).
 */
const isSameOriginPath = (location: string): boolean => /^\/(?![/\\])/.test(location);

/** `?` and `#` inside a path segment must stay encoded, or the Location reads them as query or hash. */
const encodePath = (pathname: string): string =>
  encodeURI(pathname).replace(/[?#]/g, (c) => encodeURIComponent(c));

/**
 * Maps a request URL onto a file of the build folder with the production URL rules: the same
 * as the generated host config. Repeated slashes count as one (nginx's `merge_slashes`), so
 * `//a` redirects to `/a/`, never to the host `a`. Nothing outside `realRoot` (the root's real
 * path) can be reached: `..` in any encoding, encoded slashes, backslashes and NUL bytes name no
 * file, nor does a link whose target leaves the root, nor a dotfile or dot-folder other than
 * `/.well-known/` (404, like an unknown path).
 */
export function resolveRequest(
  realRoot: string,
  rawUrl: string,
  trailingSlash: TrailingSlash,
): Resolution {
  const isFile = (file: string): boolean => fileInside(realRoot, file) !== null;
  const [rawPath = '/', ...queryParts] = rawUrl.split('?');
  const query = queryParts.length > 0 ? `?${queryParts.join('?')}` : '';
  if (/%(2f|5c|00)/i.test(rawPath) || rawPath.includes('\\')) return { kind: 'not-found' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath).replace(/\/{2,}/g, '/');
  } catch {
    return { kind: 'not-found' };
  }
  if (
    !pathname.startsWith('/') ||
    pathname.includes('\0') ||
    pathname.split('/').some((s) => s === '..' || s === '.')
  ) {
    return { kind: 'not-found' };
  }
  const target = path.join(realRoot, pathname);
  if (target !== realRoot && !target.startsWith(realRoot + path.sep)) return { kind: 'not-found' };
  // the host configuration in the build folder (`_headers`, `_ssg-host/`) is not content
  if (isHiddenPath(pathname) || isDotPath(pathname)) return { kind: 'not-found' };

  const hasSlash = pathname.endsWith('/');
  if (isFile(target) && !hasSlash) return { kind: 'file', file: target, pathname };
  const index = path.join(target, 'index.html');
  if (isFile(index)) {
    const redirect = trailingSlashRedirect(pathname, trailingSlash);
    if (redirect === null) return { kind: 'file', file: index, pathname };
    const location = `${encodePath(redirect)}${query}`;
    // merged slashes make this hold already; checked again since a wrong Location is an open redirect
    return isSameOriginPath(location) ? { kind: 'redirect', location } : { kind: 'not-found' };
  }
  if (!hasSlash && isFile(`${target}.html`)) {
    return { kind: 'file', file: `${target}.html`, pathname };
  }
  return { kind: 'not-found' };
}
