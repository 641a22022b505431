// The loader: loads pages for the client runtime, prefetches, and reloads on a new build.
import type { Tunables } from './constants.ts';
import { APP_DATA_FRESH_MS, LOADER_DEFAULTS, notRenderingMessage } from './constants.ts';
import type { AppData } from './contract.ts';
import { appDataUrl } from './contract.ts';
import type { LoadFailure } from './fetch-json.ts';
import { fetchOk } from './fetch-json.ts';
import { clearOnce, takeOnce } from './guard.ts';
import type { MatchPath } from './match-path.ts';
import { pathKey } from './memo.ts';
import type { Platform } from './platform.ts';
import { browserPlatform } from './platform.ts';
import { createPrefetchQueue } from './prefetch-queue.ts';
import { createResources } from './resources.ts';
import type { Loader } from './types.ts';
import { updateInstalled } from './update-signal.ts';

interface LoaderBase<Component> {
  /**
   * Imports a page or slice component's chunk by name; may reject when the chunk is gone. Its
   * type is the type of `PageResources.component`.
   */
  loadComponent: (chunkName: string) => Promise<Component>;
  /** The compilation hash of the build that rendered this HTML (see `readCompilationHash`). */
  compilationHash: string;
  /** True once a newer build is installed. Default: an updated service worker installed. */
  updateAvailable: () => boolean;
  /**
   * The site's client-only routes, most specific first, as the build lists them on the root
   * element (`data-match-paths`): a path without a page of its own loads the matching page.
   */
  matchPaths?: readonly MatchPath[] | undefined;
}

/** Platform members default to the browser's, tunables to `LOADER_DEFAULTS`. */
export type LoaderOptions<Component = unknown> = Partial<Platform & Tunables> &
  Pick<LoaderBase<Component>, 'loadComponent' | 'compilationHash' | 'matchPaths'> &
  Partial<Pick<LoaderBase<Component>, 'updateAvailable'>>;

/** The loader, with what it adds to the `Loader` contract. */
export interface SsgLoader<Component = unknown> extends Loader<Component> {
  /**
   * A chunk failed (a navigation's page chunk, or one a rendered page loads lazily): full
   * navigation to the last known path, once per chunk per session. Returns whether it navigated.
   */
  chunkFailed(chunkName: string): boolean;
}

/** sessionStorage keys of the reload guards. */
export const RELOAD_KEY = 'ssg-reload';
export const CHUNK_KEY = 'ssg-chunk:';

export function createLoader<Component = unknown>(
  options: LoaderOptions<Component>,
): SsgLoader<Component> {
  const c: Platform & Tunables & LoaderBase<Component> = {
    ...browserPlatform(),
    ...LOADER_DEFAULTS,
    updateAvailable: updateInstalled,
    ...options,
  };
  // '' before start: this document's own address
  let lastPath = '';
  /** The deployed compilation hash once it differs from this HTML's: the page is stale. */
  let stale = '';
  /** The build id of the data held: another under the same code means new content. */
  let build: string | undefined;
  let appData: Promise<unknown> | undefined;
  // when the last app-data request began (0: never; `start` asks at once)
  let askedAt = 0;

  /**
   * Data of a newer build than this HTML's marks the page stale; an unknown hash does not. A new
   * build id under the same code drops the data held, so the next navigation shows the new content.
   * The request in flight answers every caller, and so does an answer to one begun less than
   * `trustMs` ago.
   */
  const checkForUpdate = async (trustMs = 0) => {
    if (!appData && c.now() - askedAt >= trustMs) {
      askedAt = c.now();
      appData = fetchOk<AppData>(appDataUrl(), c)
        .then(({ compilationHash: hash, buildId }) => {
          if (hash && c.compilationHash && hash !== c.compilationHash) stale = hash;
          else {
            if (build && build !== buildId) drop();
            build = buildId;
          }
        })
        .catch(() => {})
        .then(() => {
          appData = undefined;
        });
    }
    await appData;
    return !!stale;
  };

  // every page-data request checks app-data beside it (a new request: the two answers are of one
  // moment), so a prefetched page still opens at once
  const { load, loaded, drop } = createResources(c, checkForUpdate);
  const enqueue = createPrefetchQueue(c, load);

  /** The page is going away: the returned promise never settles, so nothing more renders. */
  const reload = () => {
    c.location.reload();
    return new Promise<never>(() => {});
  };

  const go = (path: string): null => {
    c.location.assign(path);
    return null;
  };

  /** HEAD on a path without page-data: is there HTML for it all the same? */
  const htmlExists = async (path: string) =>
    (await c.fetch(path, { method: 'HEAD' }).catch(() => undefined))?.status === 200;

  /** Reloads for a gone chunk happen once per chunk per session, so they can never loop. */
  const firstChunkFailure = (chunk: string) => takeOnce(c.storage, CHUNK_KEY + chunk, '1');

  /** A chunk could not be loaded: full navigation to the last page that rendered, once per chunk. */
  const chunkFailed = (chunk: string) => firstChunkFailure(chunk) && !go(lastPath);

  let hiddenAt = 0;
  const watchVisibility = (v = c.visibility) =>
    v?.addEventListener('visibilitychange', () => {
      const now = c.now();
      if (v.hidden) hiddenAt = now;
      // a tab left in the background for long may have missed a deploy
      else if (hiddenAt && now - hiddenAt >= c.hiddenRecheckMs) void checkForUpdate();
    });

  return {
    async start(rawPath) {
      const path = pathKey(rawPath);
      lastPath = path;
      watchVisibility();
      const [res] = await Promise.all([load(path).catch((e: LoadFailure) => e), checkForUpdate()]);
      if (stale) {
        // this HTML is older than the deployed build: reload once per new hash
        if (takeOnce(c.storage, RELOAD_KEY, stale)) return reload();
      } else clearOnce(c.storage, RELOAD_KEY);
      if (res instanceof Error) {
        // a chunk gone after polling: the server HTML of this path names the current chunks
        if (res.chunk && firstChunkFailure(res.chunk)) return reload();
        if (res.query) throw res;
        // the 404 page fits an unknown path; over a real page's HTML it would replace working content
      } else if (res.status !== 'not-found' || !(await htmlExists(path))) return res;
      throw new Error(notRenderingMessage(path));
    },

    async loadPage(rawPath) {
      const path = pathKey(rawPath);
      // after a deploy or a service worker update, only a full load gets matching code and data
      if (stale || c.updateAvailable()) return go(path);
      // a page held since before a deploy must not open as it was: it needs no request of its
      // own, so app-data is asked first (a new build id drops it, and it is fetched again below)
      if (c.navigator.onLine && loaded.has(path)) await checkForUpdate(APP_DATA_FRESH_MS);
      const res = await load(path).catch((e: LoadFailure) => e);
      if (stale) return go(path);
      if (res instanceof Error) {
        // spec §8: back to the last known path once per chunk (a deploy gives it new chunk names);
        // the second time, a full navigation whose start does not reload for the chunk again
        return res.chunk && chunkFailed(res.chunk) ? null : go(path);
      }
      // no page-data, but the host may still serve HTML for it (a page outside this site)
      if (res.status === 'not-found' && (await htmlExists(path))) return go(path);
      lastPath = path;
      return res;
    },

    loadPageSync: (path) => loaded.get(pathKey(path)),
    prefetch: (path) => enqueue(pathKey(path)),
    hover(rawPath) {
      const path = pathKey(rawPath);
      // intent: app-data is asked now, so that the click that may follow need not wait for it
      load(path).catch(() => {});
      void checkForUpdate(APP_DATA_FRESH_MS);
    },
    checkForUpdate,
    chunkFailed,
  };
}
