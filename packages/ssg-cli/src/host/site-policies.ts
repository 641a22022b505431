// The Content-Security-Policy a build gives the hosts: static, or each page's in report-only mode.
import {
  type CspSettings,
  type CspSources,
  type InlineSources,
  inlineSources,
  policyOf,
} from '../shared/csp.ts';
import { htmlFileOf } from '../shared/files.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import { OFFLINE_PAGE } from './rules.ts';

/** A page as the policies read it. */
export interface PolicyPage {
  route: { path: string; matchPath?: string };
  /** The page's own settings (the site's with its scripts' sources); default `csp`. */
  csp?: CspSettings;
}

/** What the policies are made from: the build's pages, its policy settings, its offline page. */
export interface PoliciesInput<P extends PolicyPage = PolicyPage> {
  /** The build's policy settings; none: the build sends no policy. */
  csp?: CspSettings;
  trailingSlash: TrailingSlash;
  pages: readonly P[];
  /** A page's inline code sources, asked only in report-only mode: one function, no closure per page. */
  inlineOf(page: NoInfer<P>): InlineSources;
  /** The offline page's HTML, when the build writes one (service worker on). */
  offlineHtml?: string;
}

/**
 * A build's Content-Security-Policy for the hosts. Each page carries its hash-based policy in its own
 * `<meta>`; the hosts send only what a meta cannot carry (rules.ts: `PAGE_POLICY`, `FILE_POLICY`),
 * which no deploy changes (the header of the vet home page went from 886 B to 49 B; Lighthouse's best
 * practices score the same: README, "Security headers"). Report-only mode is the exception: a meta
 * cannot report, so the hashes go in the header and the host configuration changes with the pages.
 */
export interface SitePolicies {
  /** Pages served over https add `upgrade-insecure-requests` (the site's address is https). */
  upgradeInsecure: boolean;
  /** Report-only mode: each page's policy, sent as `Content-Security-Policy-Report-Only`. */
  reportOnly?: PagePolicies;
}

/** Each HTML URL's hash-based policy. */
export interface PagePolicies {
  /** The policy most pages share: sent with every page not listed below. */
  fallback: string;
  /** URL path (each form of a page, and its file) → its policy, where it is not `fallback`. */
  byUrl: Record<string, string>;
  /** One policy allowing the inline code of every page, for a host that can only set one. */
  union: string;
}

/** The header of report-only mode; the enforced policy of a page is its `<meta>`. */
export const REPORT_ONLY_HEADER = 'Content-Security-Policy-Report-Only';

const merge = (all: InlineSources[]): InlineSources => ({
  scripts: [...new Set(all.flatMap((s) => s.scripts))].sort(),
  styles: [...new Set(all.flatMap((s) => s.styles))].sort(),
  styleAttributes: [...new Set(all.flatMap((s) => s.styleAttributes))].sort(),
});

/** Settings allowing every page's sources, for the one policy of a host that can set only one. */
function unionSettings(all: CspSettings[], csp: CspSettings): CspSettings {
  const joined = (key: keyof CspSources) => [...new Set(all.flatMap((s) => s[key] ?? []))];
  return {
    ...csp,
    scriptSrc: joined('scriptSrc'),
    connectSrc: joined('connectSrc'),
    imgSrc: joined('imgSrc'),
    workerSrc: joined('workerSrc'),
    frameSrc: joined('frameSrc'),
  };
}

/** The URLs a page answers at: its path, its file, and with "ignore" the other slash form. */
export function urlsOf(pagePath: string, trailingSlash: TrailingSlash): string[] {
  const urls = [pagePath, `/${htmlFileOf(pagePath)}`];
  if (trailingSlash === 'ignore' && pagePath !== '/' && !pagePath.endsWith('.html'))
    urls.push(pagePath.endsWith('/') ? pagePath.slice(0, -1) : `${pagePath}/`);
  return urls;
}

/** The build's policies for the hosts; `undefined` when the build has no policy. */
export function sitePolicies<P extends PolicyPage>(
  input: PoliciesInput<P>,
): SitePolicies | undefined {
  const csp = input.csp;
  if (!csp) return undefined;
  if (!csp.reportOnly) return { upgradeInsecure: csp.upgradeInsecure };
  return { upgradeInsecure: csp.upgradeInsecure, reportOnly: pagePolicies(input, csp) };
}

/** Each page's policy from the hashes of its own inline code. */
function pagePolicies<P extends PolicyPage>(
  input: PoliciesInput<P>,
  csp: CspSettings,
): PagePolicies {
  const entries: Array<[string, InlineSources, CspSettings]> = input.pages.map((page) => [
    page.route.path,
    input.inlineOf(page),
    page.csp ?? csp,
  ]);
  if (input.offlineHtml !== undefined)
    entries.push([OFFLINE_PAGE, inlineSources(input.offlineHtml), csp]);
  // Pages that share one sources object (most do: inline-record.ts hands out one per distinct
  // set) and one settings object (render/page-settings.ts) share their policy, made once; at
  // 100,000 pages only the few distinct ones are merged.
  const made = new Map<CspSettings, Map<InlineSources, string>>();
  const policyFor = (inline: InlineSources, settings: CspSettings): string => {
    const bySources = made.get(settings) ?? new Map<InlineSources, string>();
    made.set(settings, bySources);
    const policy = bySources.get(inline) ?? policyOf(inline, settings);
    bySources.set(inline, policy);
    return policy;
  };
  const count = new Map<string, number>();
  for (const [, inline, settings] of entries) {
    const policy = policyFor(inline, settings);
    count.set(policy, (count.get(policy) ?? 0) + 1);
  }
  const allSources = [...new Set([...made.values()].flatMap((m) => [...m.keys()]))];
  const union = policyOf(merge(allSources), unionSettings([...made.keys()], csp));
  const fallback = [...count].sort((a, b) => b[1] - a[1])[0]?.[0] ?? union;
  const urls: Array<[string, string]> = [];
  for (const [where, inline, settings] of entries) {
    const policy = policyFor(inline, settings);
    if (policy === fallback) continue;
    const forms = where === OFFLINE_PAGE ? [where] : urlsOf(where, input.trailingSlash);
    for (const url of forms) urls.push([url, policy]);
  }
  const byUrl: Record<string, string> = {};
  for (const [url, policy] of urls.sort(([a], [b]) => (a < b ? -1 : 1))) byUrl[url] = policy;
  return { fallback, byUrl, union };
}
