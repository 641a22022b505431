/**
 * What a page does once it is live, not to become live, in a chunk of its own loaded after
 * hydration: scroll restoration, the service worker, and the navigation chunk fetched ahead.
 */
import { registerServiceWorker } from '@ssg/loader';
import { ROOT_ID } from './client-constants.ts';
import { navigationChunk } from './navigation-chunk.ts';
import { startScrollRestoration } from './scroll.ts';

/** Runs once, after the first hydration committed. */
export function afterHydration(): void {
  startScrollRestoration();
  if (document.getElementById(ROOT_ID)?.dataset.serviceWorker === 'on')
    void registerServiceWorker({ url: '/sw.js' });
  // What a click runs, fetched while the visitor reads: a click, a script's included, then
  // waits for no request (at worst a failed fetch is tried again at the click).
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
  idle(() => void navigationChunk().catch(() => {}));
}
