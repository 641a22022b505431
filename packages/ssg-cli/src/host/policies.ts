// The Content-Security-Policy of every HTML URL of a build, from each page's own inline code.
import {
  type CspSettings,
  cspHeaderName,
  type InlineSources,
  inlineSources,
  policyOf,
} from '../shared/csp.ts';
import { htmlFileOf } from '../shared/files.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import { OFFLINE_PAGE } from './rules.ts';

/** What the policies are made from: the build's pages, its policy settings, its offline page. */
export interface PoliciesInput {
  /** The build's policy settings; none: the build sends no policy. */
  csp?: CspSettings;
  trailingSlash: TrailingSlash;
  pages: ReadonlyArray<{ route: { path: string; matchPath?: string }; inline(): InlineSources }>;
  /** The offline page's HTML, when the build writes one (service worker on). */
  offlineHtml?: string;
}

/** The Content-Security-Policy of every HTML URL of a build, for the three hosts. */
export interface SitePolicies {
  /** `Content-Security-Policy`, or its `-Report-Only` form. */
  header: string;
  /** The policy most pages share: sent with every response not listed below. */
  fallback: string;
  /** URL path (each form of a page, and its file) → its policy, where it is not `fallback`. */
  byUrl: Record<string, string>;
  /** One policy allowing the inline code of every page, for a host that can only set one. */
  union: string;
}

const merge = (all: InlineSources[]): InlineSources => ({
  scripts: [...new Set(all.flatMap((s) => s.scripts))].sort(),
  styles: [...new Set(all.flatMap((s) => s.styles))].sort(),
  styleAttributes: [...new Set(all.flatMap((s) => s.styleAttributes))].sort(),
});

/** The URLs a page answers at: its path, its file, and with "ignore" the other slash form. */
function urlsOf(pagePath: string, trailingSlash: TrailingSlash): string[] {
  const urls = [pagePath, `/${htmlFileOf(pagePath)}`];
  if (trailingSlash === 'ignore' && pagePath !== '/' && !pagePath.endsWith('.html'))
    urls.push(pagePath.endsWith('/') ? pagePath.slice(0, -1) : `${pagePath}/`);
  return urls;
}

/** Each page's policy from the hashes of its own inline code; `undefined` when the build has no policy. */
export function sitePolicies(input: PoliciesInput): SitePolicies | undefined {
  const csp = input.csp;
  if (!csp) return undefined;
  const entries: Array<[string[], InlineSources]> = input.pages.map((page) => [
    urlsOf(page.route.path, input.trailingSlash),
    page.inline(),
  ]);
  if (input.offlineHtml !== undefined)
    entries.push([[OFFLINE_PAGE], inlineSources(input.offlineHtml)]);
  const policyByUrl = new Map<string, string>();
  const count = new Map<string, number>();
  // pages sharing one sources object (an incremental build's unchanged pages) share its policy
  const made = new Map<InlineSources, string>();
  for (const [urls, inline] of entries) {
    const policy = made.get(inline) ?? policyOf(inline, csp);
    made.set(inline, policy);
    count.set(policy, (count.get(policy) ?? 0) + 1);
    for (const url of urls) policyByUrl.set(url, policy);
  }
  const union = policyOf(merge(entries.map(([, inline]) => inline)), csp);
  const fallback = [...count].sort((a, b) => b[1] - a[1])[0]?.[0] ?? union;
  const byUrl: Record<string, string> = {};
  for (const [url, policy] of [...policyByUrl].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (policy !== fallback) byUrl[url] = policy;
  return { header: cspHeaderName(csp), fallback, byUrl, union };
}
