import type { BuildContext } from '../pipeline/context.ts';
import { cspHeaderName, type InlineSources, inlineSources, policyOf } from '../pipeline/csp.ts';
import { htmlFileOf } from '../pipeline/emit.ts';
import { offlinePageOf } from '../pipeline/offline-page.ts';
import { OFFLINE_PAGE } from './rules.ts';

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
function urlsOf(pagePath: string, trailingSlash: BuildContext['trailingSlash']): string[] {
  const urls = [pagePath, `/${htmlFileOf(pagePath)}`];
  if (trailingSlash === 'ignore' && pagePath !== '/' && !pagePath.endsWith('.html'))
    urls.push(pagePath.endsWith('/') ? pagePath.slice(0, -1) : `${pagePath}/`);
  return urls;
}

/** Each page's policy from the hashes of its own inline code; `undefined` when the build has no policy. */
export function sitePolicies(ctx: BuildContext): SitePolicies | undefined {
  const csp = ctx.csp;
  if (!csp) return undefined;
  const entries: Array<[string[], InlineSources]> = (ctx.pages ?? []).map((page) => [
    urlsOf(page.pageData.path, ctx.trailingSlash),
    page.inline(),
  ]);
  if (ctx.serviceWorker)
    entries.push([[OFFLINE_PAGE], inlineSources(offlinePageOf(ctx.loaded.site, csp))]);
  const policyByUrl = new Map<string, string>();
  const count = new Map<string, number>();
  for (const [urls, inline] of entries) {
    const policy = policyOf(inline, csp);
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
