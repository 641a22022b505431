// The loader's public types: page resources, slices, the Loader interface.
import type { PageData, SliceData } from './contract.ts';

/** How a page load ended. `not-found` and `server-error` carry the 404 / 500 page's resources. */
export type PageStatus = 'success' | 'not-found' | 'server-error';

/**
 * Everything needed to render one page, fetched and cached by the loader. `Component` is what the
 * site's `loadComponent` resolves with (a module namespace of its own type).
 */
export interface PageResources<Component = unknown> {
  status: PageStatus;
  /** The path that was asked for (without `#hash`). */
  path: string;
  /** The page-data actually rendered: the asked page's, or the 404 / 500 page's. */
  page: PageData;
  /** What `loadComponent(page.componentChunkName)` resolved with (a module namespace). */
  component: Component;
  /** Static query results by hash: the page's and those of every slice it uses. */
  staticQueryResults: Record<string, unknown>;
  /** Slices the page uses, by slice name. */
  slices: Record<string, LoadedSlice<Component>>;
}

export interface LoadedSlice<Component = unknown> {
  data: SliceData;
  component: Component;
}

/** Why a prefetch was not done; `null` when it may go ahead. */
export type PrefetchSkipReason = '2g' | 'save-data' | 'bot' | 'offline' | 'already-queued' | null;

export interface Loader<Component = unknown> {
  /**
   * At start, before hydration: the current page's resources. Rejects with
   * `page resources for {path} not found. Not rendering React` when there are none (the server
   * HTML stays). Compares the HTML's compilation hash with app-data and reloads once on mismatch.
   */
  start(path: string): Promise<PageResources<Component>>;
  /**
   * A client navigation's resources. Resolves `null` when the loader has instead started a full
   * browser navigation (HEAD 200 for a path without page-data, resources that cannot be loaded,
   * a new deploy; a page chunk that failed after its retries sends the visitor to the last known
   * path instead, once per chunk per session): the caller then does nothing more.
   */
  loadPage(path: string): Promise<PageResources<Component> | null>;
  /** Resources already loaded, synchronously. */
  loadPageSync(path: string): PageResources<Component> | undefined;
  /** Queue a path for prefetching (batches, idle time, skipped on 2g / save-data / bots). */
  prefetch(path: string): PrefetchSkipReason;
  /** Hover / touch start: load a page's resources now, and ask app-data if no answer is recent. */
  hover(path: string): void;
  /**
   * Re-check app-data against the page's compilation hash (e.g. when a tab becomes visible); a
   * new build id under the same hash drops the resources held. True when the page is stale.
   */
  checkForUpdate(): Promise<boolean>;
}
