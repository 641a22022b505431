// Prefetching of the pages a Link points to, when the link enters the viewport.
import type { Loader } from '@ssg/loader';

/** Starts watching one link for its loader; returns what stops it. */
export type WatchLink = (element: HTMLAnchorElement, loader: Loader) => () => void;

interface Held {
  element: HTMLAnchorElement;
  loader: Loader;
  stop?: () => void;
}

// The observer comes with the after-hydration code (not in the first load's bytes): links mounted
// before it are held here and handed over when it arrives.
const held = new Set<Held>();
let watch: WatchLink | undefined;

/** A link entering the viewport queues its page in the loader's prefetch queue. */
export function observeLink(element: HTMLAnchorElement, loader: Loader): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  if (watch) return watch(element, loader);
  const link: Held = { element, loader };
  held.add(link);
  return () => {
    held.delete(link);
    link.stop?.();
  };
}

/** Called once the observer's code is in: every held link is watched from now on. */
export function startLinkPrefetch(watchLink: WatchLink): void {
  watch = watchLink;
  for (const link of held) link.stop = watchLink(link.element, link.loader);
}
