/**
 * The service worker's own listeners (beside workbox's): which build it belongs to, and the
 * network-first answers for navigations and data with this build's precache as the fallback.
 */
import { BUILD_QUERY, type PrecacheEntry } from './sw-settings.ts';

/** Replies to a page's `{ type: 'SSG_GET_BUILD' }` with `reply` (on the port it sent, if any). */
export function answerBuildQuery(scope: ServiceWorkerGlobalScope, reply: object): void {
  scope.addEventListener('message', (event) => {
    if (!event.data || event.data.type !== BUILD_QUERY) return;
    const port = event.ports?.[0];
    if (port) port.postMessage(reply);
    else if (event.source) event.source.postMessage(reply);
  });
}

/** URL path -> workbox precache key (the URL with its revision), for HTML and data only. */
function precacheKeys(scope: ServiceWorkerGlobalScope, entries: readonly PrecacheEntry[]) {
  const keys = new Map<string, string>();
  for (const { url, revision } of entries) {
    if (!/\.(html|json)$/.test(url)) continue;
    const u = new URL(url, scope.location.href);
    const key = new URL(u.href);
    if (revision) key.searchParams.set('__WB_REVISION__', revision);
    keys.set(u.pathname, key.href);
  }
  return keys;
}

/** The files nginx tries for a path: $uri $uri/index.html $uri.html */
const candidates = (p: string): string[] =>
  p.endsWith('/') ? [`${p}index.html`] : [p, `${p}/index.html`, `${p}.html`];

/** Network first for navigations and data; offline, this build's copy or the offline page (503). */
export function offlineAnswers(
  scope: ServiceWorkerGlobalScope,
  entries: readonly PrecacheEntry[],
  offlinePage: string,
): void {
  const keys = precacheKeys(scope, entries);
  const precached = async (pathname: string): Promise<Response | undefined> => {
    for (const file of candidates(pathname)) {
      const key = keys.get(file);
      const hit = key && (await caches.match(key));
      if (hit) return hit;
    }
    return undefined;
  };
  const offline = async (): Promise<Response> => {
    const key = keys.get(new URL(offlinePage, scope.location.href).pathname);
    const page = key && (await caches.match(key));
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
    const init = { status: 503, statusText: 'Offline', headers };
    if (page) return new Response(await page.text(), init);
    return new Response('<!DOCTYPE html><title>Offline</title><h1>Offline</h1>', init);
  };
  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== scope.location.origin) return;
    const data = url.pathname.startsWith('/page-data/') || url.pathname.startsWith('/slice-data/');
    if (request.mode !== 'navigate' && !data) return;
    // ours alone: workbox's listener would answer precached pages and data from the cache first
    event.stopImmediatePropagation();
    event.respondWith(
      fetch(request).catch(async (error: unknown) => {
        const cached = await precached(url.pathname);
        if (cached) return cached;
        if (request.mode === 'navigate') return offline();
        throw error;
      }),
    );
  });
}
