/**
 * What a build gives its service worker, written into sw.js in place of `self.__SSG_SW__` (and
 * the precache list in place of `self.__WB_MANIFEST`): the worker's code is the same for every
 * build and site, these values are not.
 */

/** Precache entry, as workbox-precaching takes it. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** A rule of the site's `serviceWorker.runtimeCaching`, as the worker applies it. */
export interface WorkerCachingRule {
  urlPrefix: string;
  strategy: 'CacheFirst' | 'StaleWhileRevalidate' | 'NetworkFirst';
  cacheName: string;
  maxEntries?: number;
  maxAgeSeconds?: number;
}

export interface WorkerSettings {
  /** The build this worker belongs to (its compilation hash). */
  build: string;
  /** Prefix of every cache the worker makes: `ssg-<brand>`. */
  cacheId: string;
  /** Output-relative path of the offline page, e.g. `_ssg-offline.html`. */
  offlinePage: string;
  runtimeCaching: WorkerCachingRule[];
}

/** The message a page sends to ask a worker which build it belongs to; the reply carries the hash. */
export const BUILD_QUERY = 'SSG_GET_BUILD';
export const BUILD_REPLY = 'SSG_BUILD';
