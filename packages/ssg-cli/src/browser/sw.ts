/**
 * The service worker (sw.js), bundled once with the package; each build writes its settings in
 * place of `self.__SSG_SW__` and its precache list in place of `self.__WB_MANIFEST`.
 * Navigations and data (page-data, app-data, slice-data) go to the network first: a visitor
 * online always gets the deployed build. Only when the network fails does it answer from the
 * precache of its own build; a navigation it has no page for gets the offline page with status
 * 503 (never another page with 200). Chunks, CSS and the rest are workbox's (precache, cache first).
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { answerBuildQuery, offlineAnswers } from './sw-offline.ts';
import {
  BUILD_REPLY,
  type PrecacheEntry,
  type WorkerCachingRule,
  type WorkerSettings,
} from './sw-settings.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: PrecacheEntry[];
  __SSG_SW__: WorkerSettings;
  __SSG_BUILD__: string;
};

const settings = self.__SSG_SW__;
const manifest = self.__WB_MANIFEST;
self.__SSG_BUILD__ = settings.build;

// ours first: this fetch listener runs before workbox's and takes navigations and data
answerBuildQuery(self, { type: BUILD_REPLY, compilationHash: settings.build });
offlineAnswers(self, manifest, settings.offlinePage);

setCacheNameDetails({ prefix: settings.cacheId });
// No skipWaiting: a worker of a newer build waits until the old build's tabs close, so a tab
// offline always gets HTML, data and chunks of one build (a page may still ask for it).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});
// the page open at the first visit is controlled once the worker activates
clientsClaim();
// pages are served from /about/, but the HTML file is about/index.html
precacheAndRoute(manifest, { directoryIndex: 'index.html' });
cleanupOutdatedCaches();
// No navigation route: on a multi-page site it would answer unknown URLs with a page and 200.
for (const rule of settings.runtimeCaching) registerRoute(urlPattern(rule), strategy(rule), 'GET');

/** Requests whose path starts with the rule's prefix (on any host, as the rules always did). */
function urlPattern(rule: WorkerCachingRule): RegExp {
  return new RegExp(`^https?://[^/]+${rule.urlPrefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`);
}

function strategy(rule: WorkerCachingRule): CacheFirst | NetworkFirst | StaleWhileRevalidate {
  const { maxEntries, maxAgeSeconds } = rule;
  const plugins =
    maxEntries || maxAgeSeconds
      ? [
          new ExpirationPlugin({
            ...(maxEntries ? { maxEntries } : {}),
            ...(maxAgeSeconds ? { maxAgeSeconds } : {}),
          }),
        ]
      : [];
  const options = { cacheName: rule.cacheName, plugins };
  if (rule.strategy === 'CacheFirst') return new CacheFirst(options);
  if (rule.strategy === 'NetworkFirst') return new NetworkFirst(options);
  return new StaleWhileRevalidate(options);
}
