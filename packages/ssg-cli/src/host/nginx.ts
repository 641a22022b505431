// The nginx server snippet from the rules of rules.ts.
import type { MatchPath } from '../shared/match-path-list.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import { nginxMatchLocations } from './match-path-rules.ts';
import {
  CACHE_RULES,
  COMMON_HEADERS,
  FILE_POLICY,
  HIDDEN_PATHS,
  HOST_DIR,
  LOOPBACK_HOST,
  OPENER_POLICY,
  PAGE_POLICY,
  PAGE_URL,
  REVALIDATE,
  SCRIPT_URL,
  UPGRADE_INSECURE,
} from './rules.ts';
import { REPORT_ONLY_HEADER, type SitePolicies } from './site-policies.ts';

/** A double-quoted nginx string. */
const quoted = (value: string): string => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** nginx `location` prefix of a rule pattern: `/_ssg/*` → `^~ /_ssg/`, `/sw.js` → `= /sw.js`, `/*` → `/`. */
function locationOf(pattern: string): string {
  if (pattern === '/*') return '/';
  return pattern.endsWith('*') ? `^~ ${pattern.slice(0, -1)}` : `= ${pattern}`;
}

/**
 * The headers, at server level only: nginx drops every server-level `add_header` in a location
 * that has one of its own, so the locations only set `$ssg_cache_control`, and the operator's own
 * server-level headers reach every response. An empty value sends no header.
 */
const headerLines = (policies: SitePolicies | undefined): string[] => [
  'add_header Cache-Control $ssg_cache_control always;',
  ...Object.entries(COMMON_HEADERS).map(([name, value]) => `add_header ${name} "${value}" always;`),
  'add_header Content-Security-Policy $ssg_csp always;',
  ...(policies?.reportOnly ? [`add_header ${REPORT_ONLY_HEADER} $ssg_csp_report always;`] : []),
  'add_header Strict-Transport-Security $ssg_hsts always;',
  `add_header ${OPENER_POLICY.name} $ssg_coop always;`,
];

/** Server-level variables: the policy by kind of URL (rules.ts), HSTS over HTTPS only. */
function variableLines(policies: SitePolicies | undefined, hsts: string | undefined): string[] {
  const lines = [
    `set $ssg_cache_control ${quoted(REVALIDATE)};`,
    "# Content-Security-Policy: each page's own policy is in its <meta>; the header carries only what",
    '# a meta cannot (frame-ancestors). Other files opened directly (an SVG with a script) run nothing;',
    '# scripts get none (a worker would take it as its own policy).',
    `set $ssg_page_csp ${quoted(PAGE_POLICY)};`,
  ];
  if (policies?.upgradeInsecure)
    lines.push(
      `if ($https = "on") { set $ssg_page_csp ${quoted(`${PAGE_POLICY}; ${UPGRADE_INSECURE}`)}; }`,
    );
  lines.push(
    `set $ssg_csp ${quoted(FILE_POLICY)};`,
    `if ($uri ~ ${quoted(PAGE_URL)}) { set $ssg_csp $ssg_page_csp; }`,
    `if ($uri ~ ${quoted(SCRIPT_URL)}) { set $ssg_csp ""; }`,
  );
  const report = policies?.reportOnly;
  if (report) {
    lines.push(
      "# Report-only mode: the hashes of each page's inline code (changes with the pages: reload nginx).",
      'set $ssg_csp_report "";',
      `if ($uri ~ ${quoted(PAGE_URL)}) { set $ssg_csp_report ${quoted(report.fallback)}; }`,
    );
    for (const [url, policy] of Object.entries(report.byUrl))
      lines.push(`if ($uri = ${quoted(url)}) { set $ssg_csp_report ${quoted(policy)}; }`);
  }
  lines.push(
    `# ${OPENER_POLICY.name} where browsers apply it (https, or a loopback host): over plain http`,
    '# elsewhere (a phone on the LAN) Chromium ignores it and logs an error on every page.',
    'set $ssg_coop "";',
    `if ($https = "on") { set $ssg_coop ${quoted(OPENER_POLICY.value)}; }`,
    `if ($http_x_forwarded_proto ~* "^https") { set $ssg_coop ${quoted(OPENER_POLICY.value)}; }`,
    `if ($host ~* ${quoted(LOOPBACK_HOST.source)}) { set $ssg_coop ${quoted(OPENER_POLICY.value)}; }`,
  );
  lines.push('set $ssg_hsts "";');
  if (hsts) {
    lines.push(
      '# HSTS only on HTTPS connections of this server (behind a TLS proxy, set it there).',
      `if ($https = "on") { set $ssg_hsts ${quoted(hsts)}; }`,
    );
  }
  return lines;
}

/** The nginx directive that makes the trailing-slash redirect of `rules.ts` (a page is a folder with index.html). */
function redirectLines(trailingSlash: TrailingSlash): string[] {
  if (trailingSlash === 'always') {
    return [
      '# trailing slash "always": /a → /a/ (301) when a/index.html exists',
      'if (-f $request_filename/index.html) { rewrite ^(.*[^/])$ $1/ permanent; }',
    ];
  }
  if (trailingSlash === 'never') {
    return [
      '# trailing slash "never": /a/ → /a (301) when a/index.html exists',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: nginx variable syntax, not a template
      'if (-f ${request_filename}index.html) { rewrite ^(.+)/$ $1 permanent; }',
    ];
  }
  return ['# trailing slash "ignore": /a and /a/ both answer'];
}

/**
 * A `server {}` snippet for nginx from the build's trailing-slash and cache rules. Include it in
 * a server block whose `root` is the build folder (see the README, "Deploying"). It holds nothing
 * that changes with the pages, code or content, so a deploy needs no reload: only a new
 * trailing-slash setting, client-only route, site address, HSTS setting or report-only policy
 * changes it.
 */
export function nginxSnippet(options: {
  trailingSlash: TrailingSlash;
  policies?: SitePolicies;
  /** The Strict-Transport-Security value, sent over HTTPS only; none when undefined. */
  hsts?: string;
  /** Client-only routes, most specific first: each answers with its page's HTML. */
  matchPaths?: readonly MatchPath[];
}): string {
  const lines: string[] = [
    '# Generated by ssg build: the URL, cache and header rules of the site. Reload nginx only when',
    '# ssg build says this file changed; a deploy of new pages, code or content needs no reload.',
    '# Include it inside a server block whose root is the build folder, after listen/server_name:',
    '#   server { listen 80; server_name example.com; root /srv/site; include /srv/site/' +
      HOST_DIR +
      '/nginx.conf; }',
    '# The http block must include mime.types (Debian: include /etc/nginx/mime.types).',
    '# Your own headers: write add_header lines in the server block (beside this include), never in',
    '# a location, and not in the http block. Every header here is set at server level and no location',
    '# below has an add_header, so yours reach every response; nginx drops add_header lines of an',
    '# outer level wherever an inner level has its own.',
    '',
    '# The Server header says nginx, not its version.',
    'server_tokens off;',
    '# Symbolic links inside the site are not followed (the root itself may be one, replaced on deploy).',
    'disable_symlinks on from=$document_root;',
    '# Redirects keep the host the visitor used (also behind a proxy or CDN).',
    'absolute_redirect off;',
    '# Unknown paths get the 404 page with status 404; the page is not internal, so the service worker can precache it.',
    'error_page 404 /404.html;',
    'error_page 500 502 503 504 /500.html;',
    '# The build wrote .gz and .br siblings of text files over 1 KB: sent as they are, others compressed on the fly.',
    'gzip_static on;',
    "# With the ngx_brotli module (not in Debian's nginx), add: brotli_static on;",
    'gzip on;',
    'gzip_vary on;',
    'gzip_types text/css application/javascript text/javascript application/json application/xml image/svg+xml application/manifest+json;',
    '',
    ...variableLines(options.policies, options.hsts),
    ...headerLines(options.policies),
    '',
    '# Host configuration in the build folder is not content.',
  ];
  for (const hidden of HIDDEN_PATHS) lines.push(`location ${locationOf(hidden)} { return 404; }`);
  for (const rule of CACHE_RULES) {
    const body = [`    set $ssg_cache_control ${quoted(rule.cacheControl)};`];
    if (rule.pattern === '/*')
      body.push(...redirectLines(options.trailingSlash).map((l) => `    ${l}`));
    if (rule.pattern === '/*') lines.push(...nginxMatchLocations(options.matchPaths ?? [], body));
    lines.push('', `# ${rule.pattern}: ${rule.why}`, `location ${locationOf(rule.pattern)} {`);
    lines.push(...body);
    if (rule.pattern === '/*') {
      lines.push('    try_files $uri $uri/index.html $uri.html =404;');
    } else {
      lines.push('    try_files $uri =404;');
    }
    lines.push('}');
  }
  if (CACHE_RULES.at(-1)?.pattern !== '/*' || CACHE_RULES.at(-1)?.cacheControl !== REVALIDATE) {
    throw new Error(
      'rules.ts must end with the catch-all /* rule: the nginx snippet relies on it for pages and error pages.',
    );
  }
  return `${lines.join('\n')}\n`;
}
