// Waits, cheaply, for a page's resources to be in the loader, to render that page ahead.
import type { Loader, PageResources } from '@ssg/loader';

const POLL_MS = 100;
const GIVE_UP_MS = 10_000;

/**
 * Calls `ready` once the loader holds `path`'s resources (the load or prefetch was started by the
 * caller; the loader has no event for it, so a map lookup every 100 ms, for 10 s at most).
 * Returns a cancel function.
 */
export function whenLoaded(
  loader: Loader,
  path: string,
  ready: (resources: PageResources) => void,
): () => void {
  let timer = 0;
  const started = Date.now();
  const check = () => {
    const resources = loader.loadPageSync(path);
    if (resources) ready(resources);
    else if (Date.now() - started < GIVE_UP_MS) timer = window.setTimeout(check, POLL_MS);
  };
  check();
  return () => window.clearTimeout(timer);
}
