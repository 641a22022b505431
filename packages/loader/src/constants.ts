/** Constants of the specification (§9) that belong to the loader, plus the loader's own tunables. */

/** Spec §9: a failed fetch (status other than 200, 404, 500, or a network error) is retried 3 times. */
export const FETCH_RETRIES = 3;
/** Backoff before retry n (0-based) is `RETRY_BACKOFF_MS * 2 ** n`: 100, 200, 400 ms. */
export const RETRY_BACKOFF_MS = 100;
/** Spec §9: a chunk that failed to load is polled again every 200 ms. */
export const CHUNK_RETRY_POLL_MS = 200;
/** How many times a failed chunk is polled before the loader gives up on it. */
export const CHUNK_RETRIES = 3;
/** Spec §9: prefetching runs in batches of 4 paths… */
export const PREFETCH_BATCH_SIZE = 4;
/** …with 3000 ms between batches. */
export const PREFETCH_BATCH_INTERVAL_MS = 3000;
/** A tab hidden at least this long re-checks app-data when it becomes visible again. */
export const HIDDEN_RECHECK_MS = 60_000;
/**
 * A navigation to a page the loader holds asks app-data whether a new build is deployed; a request
 * begun less than this ago answers it (the one made when the pointer reached the link), so the
 * click need not wait.
 */
export const APP_DATA_FRESH_MS = 1000;
/** Spec §4/§9: user agents that are never prefetched for. */
export const BOT_PATTERN = /bot|crawler|spider/i;
/** The `<meta name>` that carries the build's compilation hash in every HTML page. */
export const COMPILATION_HASH_META = 'ssg-compilation-hash';

/** Every tunable of the loader with its default; each is a `createLoader` option of that name. */
export const LOADER_DEFAULTS = {
  retries: FETCH_RETRIES,
  retryBackoffMs: RETRY_BACKOFF_MS,
  chunkRetries: CHUNK_RETRIES,
  chunkRetryPollMs: CHUNK_RETRY_POLL_MS,
  prefetchBatchSize: PREFETCH_BATCH_SIZE,
  prefetchBatchIntervalMs: PREFETCH_BATCH_INTERVAL_MS,
  hiddenRecheckMs: HIDDEN_RECHECK_MS,
  botPattern: BOT_PATTERN,
};

export type Tunables = typeof LOADER_DEFAULTS;

/** Spec §8: the error when the current page has no resources at start. */
export const notRenderingMessage = (path: string): string =>
  `page resources for ${path} not found. Not rendering React`;

/** Spec §8: service worker messages, word for word. */
export const SW_INSECURE_MESSAGE =
  'Service workers can only be used over HTTPS, or on localhost for development';
export const SW_OFFLINE_MESSAGE = 'Content is now available offline!';
export const SW_REDUNDANT_MESSAGE = 'The installing service worker became redundant.';
