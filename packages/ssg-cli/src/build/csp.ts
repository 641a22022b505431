/**
 * The Content-Security-Policy of a page, computed from the page's own HTML: every inline script
 * and style the build wrote is allowed by its sha256 hash, nothing else inline runs.
 */
import { createHash } from 'node:crypto';
import { urlProblem } from '../site/url-problem.ts';

/** Sources a site adds to the policy (the config's `csp`, and the site's `csp(content)`). */
export interface CspSources {
  scriptSrc?: readonly string[];
  connectSrc?: readonly string[];
  imgSrc?: readonly string[];
  workerSrc?: readonly string[];
  frameSrc?: readonly string[];
}

export interface CspSettings extends CspSources {
  /** Sends `Content-Security-Policy-Report-Only`: violations are reported, nothing is blocked. */
  reportOnly: boolean;
  /** `upgrade-insecure-requests`: only for a site deployed over https. */
  upgradeInsecure: boolean;
}

/** The inline code of one document, as CSP hash sources (`'sha256-…'`). */
export interface InlineSources {
  scripts: string[];
  styles: string[];
  /** `style="…"` attributes: allowed only through `'unsafe-hashes'`. */
  styleAttributes: string[];
}

/** `<script>` types a browser runs; any other type (JSON, JSON-LD) is a data block and needs no hash. */
const EXECUTABLE =
  /^(|module|text\/javascript|application\/javascript|importmap|speculationrules)$/i;

const hashOf = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const attribute = (attrs: string, name: string): string | undefined => {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(
    attrs,
  );
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : undefined;
};

const decodeAttribute = (value: string): string =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#(39|x27);/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const sorted = (items: Iterable<string>): string[] => [...new Set(items)].sort();

/**
 * Every inline executable script, `<style>` element and style attribute of a document the build
 * made. Its text is raw between the tags (scripts and styles are written escaped, so the first
 * closing tag ends them), which is what a browser hashes.
 */
export function inlineSources(html: string): InlineSources {
  const scripts: string[] = [];
  const styles: string[] = [];
  const styleAttributes: string[] = [];
  const element = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
  for (const [, tag, attrs = '', text = ''] of html.matchAll(element)) {
    if (tag?.toLowerCase() === 'style') styles.push(hashOf(text));
    else if (
      attribute(attrs, 'src') === undefined &&
      EXECUTABLE.test(attribute(attrs, 'type') ?? '')
    )
      scripts.push(hashOf(text));
  }
  // style attributes of elements (inside a tag, after whitespace): not `data-style="…"`
  for (const [, , value = ''] of html.matchAll(/<[a-z][^>]*?\sstyle=("([^"]*)")/gi))
    styleAttributes.push(hashOf(decodeAttribute(value)));
  return {
    scripts: sorted(scripts),
    styles: sorted(styles),
    styleAttributes: sorted(styleAttributes),
  };
}

const directive = (name: string, sources: readonly string[]): string =>
  [name, ...new Set(sources)].join(' ');

/** The policy as a header value, or (`forMeta`) without what a `<meta>` cannot carry. */
export function policyOf(inline: InlineSources, settings: CspSettings, forMeta = false): string {
  const styleSrc = ["'self'", ...inline.styles];
  if (inline.styleAttributes.length > 0)
    styleSrc.push("'unsafe-hashes'", ...inline.styleAttributes);
  const parts = [
    "default-src 'self'",
    directive('script-src', ["'self'", ...inline.scripts, ...(settings.scriptSrc ?? [])]),
    directive('style-src', styleSrc),
    directive('img-src', ["'self'", ...(settings.imgSrc ?? [])]),
    "font-src 'self'",
    directive('connect-src', ["'self'", ...(settings.connectSrc ?? [])]),
    directive('worker-src', ["'self'", ...(settings.workerSrc ?? [])]),
    directive('frame-src', ["'self'", ...(settings.frameSrc ?? [])]),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  // a meta tag cannot carry frame-ancestors (nor report-only)
  if (!forMeta) parts.push("frame-ancestors 'none'");
  if (settings.upgradeInsecure) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

/** The header's name for the mode. */
export const cspHeaderName = (settings: Pick<CspSettings, 'reportOnly'>): string =>
  settings.reportOnly ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy';

/** The fallback `<meta http-equiv>` for hosts without headers; none in report-only mode (a meta tag always enforces). */
export function cspMeta(inline: InlineSources, settings: CspSettings): string {
  if (settings.reportOnly) return '';
  const policy = policyOf(inline, settings, true).replace(/"/g, '&quot;');
  return `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
}

const SCHEME_SOURCES = new Set(['data:', 'blob:']);

/** What is wrong with a source a site adds, with the fix; `undefined` when it is fine. */
export function cspSourceProblem(value: unknown): string | undefined {
  if (typeof value !== 'string')
    return 'Expected an https origin as text, e.g. "https://www.googletagmanager.com".';
  if (SCHEME_SOURCES.has(value)) return undefined;
  // a wildcard subdomain is a CSP host source; the rest must be an address
  const problem = urlProblem(value.replace('://*.', '://wildcard.'), { query: false });
  if (problem)
    return `${problem} A source is an https origin such as "https://cdn.example.com", or "data:" / "blob:".`;
  return undefined;
}
