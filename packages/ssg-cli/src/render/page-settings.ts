// A page's policy settings: the site's, plus what the `<Script>`s it renders need.
import { CSP_SOURCE_LISTS, type CspSettings, type CspSources } from '../shared/csp.ts';
import { type ScriptUse, scriptOrigin } from '../shared/script-use.ts';

/**
 * What a page's scripts add to its policy. Every strategy may end on the main thread (the
 * fallbacks), so each origin is in script-src; `worker-idle` also fetches the script from its
 * worker (connect-src) and makes that worker from a Blob (worker-src blob:). `proxied` needs no
 * more: Partytown's files are the site's own, and its worker runs in Partytown's sandbox frame.
 */
export function scriptSources(uses: readonly ScriptUse[], siteOrigin?: string): CspSources {
  const scriptSrc = new Set<string>();
  const connectSrc = new Set<string>();
  let blobWorker = false;
  for (const use of uses) {
    const origin = scriptOrigin(use.src, siteOrigin);
    if (origin) scriptSrc.add(origin);
    if (use.strategy !== 'worker-idle') continue;
    blobWorker = true;
    if (origin) connectSrc.add(origin);
  }
  const sources: CspSources = {};
  if (scriptSrc.size > 0) sources.scriptSrc = [...scriptSrc].sort();
  if (connectSrc.size > 0) sources.connectSrc = [...connectSrc].sort();
  if (blobWorker) sources.workerSrc = ['blob:'];
  return sources;
}

/** Pages with the same scripts share one settings object (host/site-policies.ts makes each policy once). */
const made = new WeakMap<CspSettings, Map<string, CspSettings>>();

/**
 * The settings of a page whose tree rendered `scripts`: the site's own object when they add
 * nothing (a page without scripts, or same-origin ones), else the site's with their sources.
 */
export function pageSettings(
  site: CspSettings,
  scripts: readonly ScriptUse[],
  siteOrigin?: string,
): CspSettings {
  if (scripts.length === 0) return site;
  const extra = scriptSources(scripts, siteOrigin);
  const key = JSON.stringify(extra);
  if (key === '{}') return site;
  const bySources = made.get(site) ?? new Map<string, CspSettings>();
  made.set(site, bySources);
  const known = bySources.get(key);
  if (known) return known;
  const settings: CspSettings = { ...site };
  for (const directive of CSP_SOURCE_LISTS) {
    const added: CspSources[typeof directive] = extra[directive];
    if (added) settings[directive] = [...new Set([...(site[directive] ?? []), ...added])];
  }
  bySources.set(key, settings);
  return settings;
}
