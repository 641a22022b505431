// Checks the config file's fields, listing every problem at once.
import { SsgError } from '../errors.ts';
import { CSP_SOURCE_LISTS, cspSourceProblem } from '../shared/csp.ts';
import type { SsgConfig } from './define-config.ts';

const TRAILING = ['always', 'never', 'ignore'];
const STRATEGIES = ['CacheFirst', 'StaleWhileRevalidate', 'NetworkFirst'];
const FIELDS = [
  'srcDir',
  'contentDir',
  'outDir',
  'trailingSlash',
  'keepBuilds',
  'serviceWorker',
  'csp',
  'hsts',
  'vite',
];
const CSP_FIELDS = [...CSP_SOURCE_LISTS, 'reportOnly'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the config file's default export field by field; every problem is listed at once. */
export function checkConfig(value: unknown, file: string): SsgConfig {
  const issues: Array<{ path: string; value: unknown; message: string }> = [];
  const bad = (path: string, found: unknown, message: string) =>
    issues.push({ path, value: found, message });
  if (!isObject(value)) {
    throw new SsgError('CONFIG', `The config file ${file} has no default export object.`, {
      hint: "Write `export default defineConfig({ ... })` with defineConfig from '@ssg/cli'.",
      file,
    });
  }
  for (const key of Object.keys(value)) {
    if (!FIELDS.includes(key))
      bad(key, value[key], `Unknown field; the fields are ${FIELDS.join(', ')}.`);
  }
  for (const key of ['srcDir', 'contentDir'] as const) {
    const v = value[key];
    if (v !== undefined && (typeof v !== 'string' || v === ''))
      bad(key, v, 'Expected a folder path (a non-empty string), relative to the config file.');
  }
  const out = value.outDir;
  if (out !== undefined && typeof out !== 'function' && (typeof out !== 'string' || out === ''))
    bad('outDir', out, 'Expected a folder path, or a function ({ brand }) => path.');
  if (value.trailingSlash !== undefined && !TRAILING.includes(String(value.trailingSlash)))
    bad('trailingSlash', value.trailingSlash, 'Expected "always", "never" or "ignore".');
  const keep = value.keepBuilds;
  if (keep !== undefined && (!Number.isInteger(keep) || (keep as number) < 1))
    bad('keepBuilds', keep, 'Expected a whole number, 1 or more (2: this build and the previous).');
  const sw = value.serviceWorker;
  if (sw !== undefined && typeof sw !== 'boolean') {
    if (!isObject(sw)) bad('serviceWorker', sw, 'Expected true, false or { runtimeCaching }.');
    else {
      const rules = sw.runtimeCaching;
      if (rules !== undefined && !Array.isArray(rules))
        bad('serviceWorker.runtimeCaching', rules, 'Expected an array of rules.');
      for (const [i, rule] of (Array.isArray(rules) ? rules : []).entries()) {
        const at = `serviceWorker.runtimeCaching[${i}]`;
        if (!isObject(rule)) {
          bad(at, rule, 'Expected { urlPrefix, strategy, cacheName }.');
          continue;
        }
        if (typeof rule.urlPrefix !== 'string' || !rule.urlPrefix.startsWith('/'))
          bad(
            `${at}.urlPrefix`,
            rule.urlPrefix,
            'Expected a path prefix starting with /, e.g. "/images/".',
          );
        if (!STRATEGIES.includes(String(rule.strategy)))
          bad(`${at}.strategy`, rule.strategy, `Expected one of ${STRATEGIES.join(', ')}.`);
        if (typeof rule.cacheName !== 'string' || !/^[\w.-]+$/.test(rule.cacheName))
          bad(
            `${at}.cacheName`,
            rule.cacheName,
            'Expected a name of letters, digits, ".", "-" or "_".',
          );
        for (const n of ['maxEntries', 'maxAgeSeconds']) {
          const v = rule[n];
          if (v !== undefined && (!Number.isInteger(v) || (v as number) < 1))
            bad(`${at}.${n}`, v, 'Expected a whole number, 1 or more.');
        }
      }
    }
  }
  checkSecurity(value, bad);
  if (value.vite !== undefined && !isObject(value.vite))
    bad('vite', value.vite, 'Expected a Vite config object ({ plugins, define, resolve, … }).');
  if (issues.length > 0) {
    throw new SsgError(
      'CONFIG',
      `The config file ${file} has ${issues.length} problem${issues.length === 1 ? '' : 's'}.`,
      {
        file,
        issues: issues.map((i) => ({
          file,
          path: i.path,
          value: typeof i.value === 'function' ? '(a function)' : i.value,
          message: i.message,
        })),
        hint: 'Fix each field listed above; flags given on the command line override the file.',
      },
    );
  }
  return value as SsgConfig;
}

/** `csp` (extra sources, each an https origin, `data:` or `blob:`; report-only) and `hsts`. */
function checkSecurity(
  value: Record<string, unknown>,
  bad: (path: string, found: unknown, message: string) => void,
): void {
  const csp = value.csp;
  if (csp !== undefined && !isObject(csp))
    bad('csp', csp, `Expected an object with any of ${CSP_FIELDS.join(', ')}.`);
  if (isObject(csp)) {
    for (const key of Object.keys(csp))
      if (!CSP_FIELDS.includes(key))
        bad(`csp.${key}`, csp[key], `Unknown field; the fields are ${CSP_FIELDS.join(', ')}.`);
    for (const key of CSP_SOURCE_LISTS) {
      const list = csp[key];
      if (list === undefined) continue;
      if (!Array.isArray(list)) {
        bad(`csp.${key}`, list, 'Expected an array of sources, e.g. ["https://cdn.example.com"].');
        continue;
      }
      for (const [i, source] of list.entries()) {
        const problem = cspSourceProblem(source);
        if (problem) bad(`csp.${key}[${i}]`, source, problem);
      }
    }
    if (csp.reportOnly !== undefined && typeof csp.reportOnly !== 'boolean')
      bad('csp.reportOnly', csp.reportOnly, 'Expected true (report, block nothing) or false.');
  }
  const hsts = value.hsts;
  if (hsts === undefined || typeof hsts === 'boolean') return;
  if (!isObject(hsts)) {
    bad('hsts', hsts, 'Expected true, false or { maxAge, includeSubDomains }.');
    return;
  }
  for (const key of Object.keys(hsts))
    if (key !== 'maxAge' && key !== 'includeSubDomains')
      bad(`hsts.${key}`, hsts[key], 'Unknown field; the fields are maxAge, includeSubDomains.');
  if (hsts.maxAge !== undefined && (!Number.isInteger(hsts.maxAge) || (hsts.maxAge as number) < 0))
    bad(
      'hsts.maxAge',
      hsts.maxAge,
      'Expected a whole number of seconds, e.g. 63072000 (two years).',
    );
  if (hsts.includeSubDomains !== undefined && typeof hsts.includeSubDomains !== 'boolean')
    bad('hsts.includeSubDomains', hsts.includeSubDomains, 'Expected true or false.');
}
