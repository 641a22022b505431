// Prefetching of the pages a Link points to, when the link enters the viewport.
import { createLinkObserver, type LinkObserver, type Loader } from '@ssg/loader';

let observer: LinkObserver | undefined;
let observed: Loader | undefined;

/** One IntersectionObserver for every Link: a link entering the viewport queues its page. */
export function observeLink(element: HTMLAnchorElement, loader: Loader): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  if (!observer || observed !== loader) {
    observer?.();
    observed = loader;
    observer = createLinkObserver({ onEnter: (path) => loader.prefetch(path) });
  }
  return observer.observe(element);
}
