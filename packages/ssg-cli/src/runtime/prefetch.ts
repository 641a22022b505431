// Prefetching of the pages a Link points to when it enters the viewport; the observer's code is a chunk fetched once the page is live.
import type { Loader } from '@ssg/loader';

let chunk: Promise<typeof import('./link-prefetch.ts')> | undefined;

/** Watches `element` (a site link) and queues its page when it enters the viewport; returns a stop function. */
export function observeLink(element: HTMLAnchorElement, loader: Loader): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  chunk ??= import('./link-prefetch.ts');
  chunk.then(
    (observer) => {
      if (!stopped) stop = observer.observeLink(element, loader);
    },
    () => {
      chunk = undefined; // offline: the next link tries again; hover still loads pages
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
