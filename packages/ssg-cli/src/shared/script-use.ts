// What the server render records of each `<Script>` a page uses (no Node, no DOM: both sides read it).

/**
 * `post-hydrate`: after hydration; `idle`: when the browser is idle; `worker-idle`: in a Web
 * Worker without a DOM; `proxied`: in Partytown's worker, the DOM reached through its proxy.
 */
export type ScriptStrategy = 'post-hydrate' | 'idle' | 'worker-idle' | 'proxied';

/** One `<Script>` of a page, as its server render saw it. */
export interface ScriptUse {
  src: string;
  strategy: ScriptStrategy;
}

/**
 * Spec §9: a script whose worker has not reported runs on the main thread after 10 s (both
 * worker strategies; here, so the proxied one's chunk does not import the other's).
 */
export const WORKER_FALLBACK_MS = 10_000;

/** Where the proxied strategy's files are served from: Partytown's default `lib`. */
export const PROXY_LIB_PATH = '/~partytown/';

/** The page's scripts sorted and without repeats: the same page gives the same list. */
export function sortedScripts(uses: Iterable<ScriptUse>): ScriptUse[] {
  const byKey = new Map<string, ScriptUse>();
  for (const use of uses) byKey.set(`${use.strategy} ${use.src}`, use);
  return [...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, use]) => use);
}

/**
 * The source a script's address adds to script-src: its origin, or nothing when it is served by
 * the site itself (a relative address, or the site's own origin). `//host/x.js` keeps the page's
 * scheme, so its source is the bare host.
 */
export function scriptOrigin(src: string, siteOrigin?: string): string | undefined {
  if (src.startsWith('//')) {
    const host = src.slice(2).split(/[/?#]/, 1)[0];
    return host ? host : undefined;
  }
  if (!/^[a-z][a-z0-9+.-]*:/i.test(src)) return undefined;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return url.origin === siteOrigin ? undefined : url.origin;
}
