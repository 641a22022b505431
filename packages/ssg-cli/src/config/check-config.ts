import { SsgError } from '../errors.ts';
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
  'vite',
];

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
