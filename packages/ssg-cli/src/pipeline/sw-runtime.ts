/**
 * Code of `sw.js` that is ours, not workbox's: written as JavaScript text, since it runs in the
 * service worker and not in Node. Each function takes the build's values and returns the code.
 */

/** Precache entry, as workbox-precaching takes it. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The message a page sends to ask a worker which build it belongs to; the reply carries the hash. */
export const BUILD_QUERY = 'SSG_GET_BUILD';
export const BUILD_REPLY = 'SSG_BUILD';

/**
 * Runs before workbox's code, so its fetch listener comes first. Navigations and data
 * (page-data, app-data, slice-data) go to the network first: a visitor online always gets the
 * deployed build. Only when the network fails does it answer from the precache of its own build;
 * a navigation it has no page for gets the offline page with status 503 (never another page
 * with 200). Chunks, CSS and the rest are left to workbox (precache, cache first).
 */
export function serviceWorkerPrelude(input: {
  compilationHash: string;
  offlinePage: string;
  /** Output-relative URLs (`sobre/index.html`, `page-data/index/page-data.json`) with revisions. */
  entries: readonly PrecacheEntry[];
}): string {
  const answerable = input.entries.filter((e) => /\.(html|json)$/.test(e.url));
  return `/* ssg: the build this worker belongs to, and offline answers for navigations and data. */
const SSG_BUILD = ${JSON.stringify(input.compilationHash)};
self.__SSG_BUILD__ = SSG_BUILD;
const SSG_OFFLINE_PAGE = ${JSON.stringify(input.offlinePage)};
/* URL path -> workbox precache key (the URL with its revision), for HTML and data only. */
const ssgKeys = new Map(${JSON.stringify(answerable.map((e) => [e.url, e.revision]))}.map(([url, revision]) => {
  const u = new URL(url, self.location.href);
  const key = new URL(u.href);
  if (revision) key.searchParams.set('__WB_REVISION__', revision);
  return [u.pathname, key.href];
}));
/* the files nginx tries for a path: $uri $uri/index.html $uri.html */
const ssgCandidates = (p) => (p.endsWith('/') ? [p + 'index.html'] : [p, p + '/index.html', p + '.html']);
async function ssgPrecached(pathname) {
  for (const file of ssgCandidates(pathname)) {
    const key = ssgKeys.get(file);
    const hit = key && (await caches.match(key));
    if (hit) return hit;
  }
  return undefined;
}
async function ssgOffline() {
  const key = ssgKeys.get(SSG_OFFLINE_PAGE);
  const page = key && (await caches.match(key));
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  if (page) return new Response(await page.text(), { status: 503, statusText: 'Offline', headers });
  return new Response('<!DOCTYPE html><title>Offline</title><h1>Offline</h1>', { status: 503, statusText: 'Offline', headers });
}
self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== ${JSON.stringify(BUILD_QUERY)}) return;
  const reply = { type: ${JSON.stringify(BUILD_REPLY)}, compilationHash: SSG_BUILD };
  if (event.ports && event.ports[0]) event.ports[0].postMessage(reply);
  else if (event.source) event.source.postMessage(reply);
});
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const data = url.pathname.startsWith('/page-data/') || url.pathname.startsWith('/slice-data/');
  if (request.mode !== 'navigate' && !data) return;
  /* ours alone: workbox's listener would answer precached pages and data from the cache first */
  event.stopImmediatePropagation();
  event.respondWith(
    fetch(request).catch(async (error) => {
      const cached = await ssgPrecached(url.pathname);
      if (cached) return cached;
      if (request.mode === 'navigate') return ssgOffline();
      throw error;
    }),
  );
});
`;
}

/**
 * `sw.js` when offline support is switched off: replaces a deployed worker, deletes the caches
 * it made and unregisters. Pages it controls keep working from the network; it never reloads
 * them, so it cannot loop.
 */
export function selfUnregisteringWorker(input: { compilationHash: string }): string {
  return `// build ${input.compilationHash}
/* ssg: offline support is off for this site. This worker removes the one installed before it. */
const SSG_BUILD = ${JSON.stringify(input.compilationHash)};
self.__SSG_BUILD__ = SSG_BUILD;
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      /* every cache an ssg worker made on this origin: precache, data, static files */
      await Promise.all(names.filter((n) => n.startsWith('ssg-')).map((n) => caches.delete(n)));
      await self.registration.unregister();
    })(),
  );
});
self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== ${JSON.stringify(BUILD_QUERY)}) return;
  const reply = { type: ${JSON.stringify(BUILD_REPLY)}, compilationHash: SSG_BUILD, unregistering: true };
  if (event.ports && event.ports[0]) event.ports[0].postMessage(reply);
});
`;
}
