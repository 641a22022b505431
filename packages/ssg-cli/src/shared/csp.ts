/**
 * The Content-Security-Policy of a page, computed from the page's own HTML: every inline script
 * and style the build wrote is allowed by its sha256 hash, nothing else inline runs. It travels in
 * the page's own `<meta>`, so a deploy changes no host configuration (host/site-policies.ts).
 */
import { createHash } from 'node:crypto';
import { urlProblem } from '../site/url-problem.ts';

/** Sources a site adds to the policy (the config's `csp`, and the site's `csp(content)`). */
/** The lists of sources a site may add to, as `CspSources` names them. */
export const CSP_SOURCE_LISTS = [
  'scriptSrc',
  'connectSrc',
  'imgSrc',
  'workerSrc',
  'frameSrc',
] as const satisfies ReadonlyArray<keyof CspSources>;

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
  /** `upgrade-insecure-requests` in the header of pages served over https (a site deployed over https). */
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

/** The same CSS and boot script are in every page: each text is hashed once per process. */
const hashes = new Map<string, string>();
const hashOf = (text: string): string => {
  let hash = hashes.get(text);
  if (hash === undefined) {
    hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    if (hashes.size > 1000) hashes.clear();
    hashes.set(text, hash);
  }
  return hash;
};

const SRC = /(?:^|\s)src\s*=/i;
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const typeOf = (attrs: string): string => {
  const m = TYPE.exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : '';
};

const decodeAttribute = (value: string): string =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#(39|x27);/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const sorted = (items: Iterable<string>): string[] => [...new Set(items)].sort();

/** Each `<tag …>text</tag>` of `html` (tags as the build writes them: lower case), by indexOf: a regex over every page cost ~0.3 ms each. */
function* elements(html: string, tag: string): Generator<{ attrs: string; text: string }> {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let at = html.indexOf(open);
  while (at !== -1) {
    const next = html.charCodeAt(at + open.length);
    const end = html.indexOf('>', at);
    // `<scripts…` is another element; a tag left open ends the scan
    if (end === -1) return;
    if (next !== 62 && next !== 32 && next !== 9 && next !== 10 && next !== 13 && next !== 47) {
      at = html.indexOf(open, at + 1);
      continue;
    }
    const stop = html.indexOf(close, end);
    if (stop === -1) return;
    yield { attrs: html.slice(at + open.length, end), text: html.slice(end + 1, stop) };
    at = html.indexOf(open, stop + close.length);
  }
}

/**
 * Every inline executable script, `<style>` element and style attribute of a document the build
 * made. Its text is raw between the tags (scripts and styles are written escaped, so the first
 * closing tag ends them), which is what a browser hashes. `styleTexts`: the text of style
 * elements the caller left out of `html`.
 */
export function inlineSources(html: string, styleTexts: readonly string[] = []): InlineSources {
  const scripts: string[] = [];
  const styles: string[] = styleTexts.map(hashOf);
  const styleAttributes: string[] = [];
  for (const { text } of elements(html, 'style')) styles.push(hashOf(text));
  for (const { attrs, text } of elements(html, 'script'))
    if (!SRC.test(attrs) && EXECUTABLE.test(typeOf(attrs))) scripts.push(hashOf(text));
  // style attributes: the build's HTML escapes quotes in text and attribute values, so ` style="`
  // only starts an attribute (a JSON script writes `style=\"`)
  const marker = 'style="';
  for (let at = html.indexOf(marker); at !== -1; at = html.indexOf(marker, at + 1)) {
    const before = html.charCodeAt(at - 1);
    if (before !== 32 && before !== 9 && before !== 10 && before !== 13) continue;
    const start = at + marker.length;
    const end = html.indexOf('"', start);
    if (end === -1) break;
    styleAttributes.push(hashOf(decodeAttribute(html.slice(start, end))));
  }
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
  // a meta tag cannot carry frame-ancestors (nor report-only); upgrade-insecure-requests is never
  // here: a page is also opened over plain http (a LAN, `ssg serve --host`), where it would break
  // every request. The hosts add it over https only (host/rules.ts).
  if (!forMeta) parts.push("frame-ancestors 'none'");
  return parts.join('; ');
}

/** The page's policy as a `<meta http-equiv>`, first in its head; none in report-only mode (a meta tag always enforces). */
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
