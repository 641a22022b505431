// Site paths in the browser: outside addresses, client-routable links, the trailing-slash rule.
export type TrailingSlash = 'always' | 'never' | 'ignore';

/** Addresses that leave the site: `http:`, `https:` and protocol-relative `//host`. */
export const isExternal = (href: string): boolean => /^(https?:)?\/\//i.test(href);

/** Other schemes (`tel:`, `mailto:`) and in-page anchors are plain links, never client navigation. */
export const isClientRoutable = (href: string): boolean =>
  href.startsWith('/') && !isExternal(href);

/** Applies the trailing-slash rule to a site path; files (`/404.html`) and `/` are left as they are. */
export function withTrailingSlash(href: string, rule: TrailingSlash): string {
  // the pattern matches every string
  const match = /^([^?#]*)(.*)$/.exec(href) as RegExpExecArray;
  const pathname = match[1] as string;
  const rest = match[2] as string;
  if (rule === 'ignore' || pathname === '/' || /\.[a-z0-9]+$/i.test(pathname)) return href;
  const bare = pathname.replace(/\/+$/, '');
  return (rule === 'always' ? `${bare}/` : bare || '/') + rest;
}

export interface SiteLocation {
  pathname: string;
  search: string;
  hash: string;
}
