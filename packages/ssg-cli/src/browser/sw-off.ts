/**
 * sw.js when offline support is switched off: replaces a deployed worker, deletes the caches it
 * made and unregisters. Pages it controls keep working from the network; it never reloads them,
 * so it cannot loop. The build writes its compilation hash in place of `self.__SSG_SW__`.
 */
import { BUILD_QUERY, BUILD_REPLY } from './sw-settings.ts';

declare const self: ServiceWorkerGlobalScope & {
  __SSG_SW__: { build: string };
  __SSG_BUILD__: string;
};

const { build } = self.__SSG_SW__;
self.__SSG_BUILD__ = build;
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      // every cache an ssg worker made on this origin: precache, data, static files
      await Promise.all(names.filter((n) => n.startsWith('ssg-')).map((n) => caches.delete(n)));
      await self.registration.unregister();
    })(),
  );
});
self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== BUILD_QUERY) return;
  event.ports?.[0]?.postMessage({ type: BUILD_REPLY, compilationHash: build, unregistering: true });
});
