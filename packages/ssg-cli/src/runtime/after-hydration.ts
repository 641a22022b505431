/**
 * Work that can wait until the page is live, in the navigation chunk (fetched after hydration, no
 * request before the first paint): scroll restoration, the service worker and link prefetching.
 */
import {
  createLinkObserver,
  type LinkObserver,
  type Loader,
  registerServiceWorker,
} from '@ssg/loader';
import { ROOT_ID } from './client-constants.ts';
import { startLinkPrefetch } from './prefetch.ts';
import { startScrollRestoration } from './scroll.ts';

let started = false;
let observer: LinkObserver | undefined;
let observed: Loader | undefined;

/** One IntersectionObserver for every link of the loader's site. */
function watchLink(element: HTMLAnchorElement, loader: Loader): () => void {
  if (!observer || observed !== loader) {
    observer?.();
    observed = loader;
    observer = createLinkObserver({ onEnter: (path) => loader.prefetch(path) });
  }
  return observer.observe(element);
}

/** Runs once per document, whichever call loads the navigation chunk first. */
export function afterHydration(): void {
  if (started) return;
  started = true;
  startScrollRestoration();
  startLinkPrefetch(watchLink);
  if (document.getElementById(ROOT_ID)?.dataset.serviceWorker === 'on')
    void registerServiceWorker({ url: '/sw.js' });
}
