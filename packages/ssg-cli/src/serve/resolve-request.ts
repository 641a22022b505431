import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TrailingSlash } from '../build/context.ts';
import { isHiddenPath, trailingSlashRedirect } from '../host/rules.ts';

export type Resolution =
  | { kind: 'file'; file: string; status: 200 }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }
  | { kind: 'bad-request' };

const isFile = (file: string): boolean => existsSync(file) && statSync(file).isFile();

/**
 * Maps a request URL onto a file of the build folder with the production URL rules: the same
 * as the generated host config. Nothing outside `root` can be reached: `..` in any encoding,
 * encoded slashes and backslashes and NUL bytes are refused.
 */
export function resolveRequest(
  root: string,
  rawUrl: string,
  trailingSlash: TrailingSlash,
): Resolution {
  const [rawPath = '/', ...queryParts] = rawUrl.split('?');
  const query = queryParts.length > 0 ? `?${queryParts.join('?')}` : '';
  if (/%(2f|5c|00)/i.test(rawPath) || rawPath.includes('\\')) return { kind: 'bad-request' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'bad-request' };
  }
  if (
    !pathname.startsWith('/') ||
    pathname.includes('\0') ||
    pathname.split('/').some((s) => s === '..' || s === '.')
  ) {
    return { kind: 'bad-request' };
  }
  const target = path.join(root, pathname);
  if (target !== root && !target.startsWith(root + path.sep)) return { kind: 'bad-request' };
  // the host configuration in the build folder (`_headers`, `_ssg-host/`) is not content
  if (isHiddenPath(pathname)) return { kind: 'not-found' };

  const hasSlash = pathname.endsWith('/');
  const asFile = isFile(target) && !hasSlash ? target : null;
  if (asFile) return { kind: 'file', file: asFile, status: 200 };
  const index = path.join(target, 'index.html');
  if (isFile(index)) {
    const redirect = trailingSlashRedirect(pathname, trailingSlash);
    if (redirect !== null) return { kind: 'redirect', location: `${encodeURI(redirect)}${query}` };
    return { kind: 'file', file: index, status: 200 };
  }
  if (!hasSlash && isFile(`${target}.html`))
    return { kind: 'file', file: `${target}.html`, status: 200 };
  return { kind: 'not-found' };
}
