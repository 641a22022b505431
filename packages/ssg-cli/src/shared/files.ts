// Where a page's HTML lives in the output: one rule for the build, the host config and the server.
import path from 'node:path';

/** Output-relative file of a page: `/` → `index.html`, `/about/` → `about/index.html`, `/404.html` → `404.html`. */
export function htmlFileOf(pagePath: string): string {
  const clean = pagePath.replace(/^\/+/, '');
  if (/\.html$/.test(clean)) return clean;
  return path.posix.join(clean.replace(/\/+$/, ''), 'index.html');
}
