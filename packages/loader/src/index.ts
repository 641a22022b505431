/** @ssg/loader: the browser runtime of a static site. See README.md for the API and contract. */

export { canPrefetch } from './can-prefetch.ts';
export { readCompilationHash } from './compilation-hash.ts';
export type { Tunables } from './constants.ts';
// spec §9 constants by name: `@ssg/loader/constants`; here as the defaults of the options
export { LOADER_DEFAULTS } from './constants.ts';
export type { AppData, MatchPath, PageData, SliceData, StaticQueryResult } from './contract.ts';
export type { LinkObserver, LinkObserverOptions } from './link-observer.ts';
export { createLinkObserver } from './link-observer.ts';
export type { LoadScriptOptions, ScriptStrategy } from './load-script.ts';
export { loadScript } from './load-script.ts';
export type { LoaderOptions, SsgLoader } from './loader.ts';
export { createLoader } from './loader.ts';
export type {
  ConnectionInfo,
  FetchResponse,
  NavigatorLike,
  Platform,
  StorageLike,
  VisibilitySource,
} from './platform.ts';
export type { ServiceWorkerOptions } from './service-worker.ts';
export { registerServiceWorker } from './service-worker.ts';
export type {
  LoadedSlice,
  Loader,
  PageResources,
  PageStatus,
  PrefetchSkipReason,
} from './types.ts';
