// Fetching JSON of the static files, where 404 and 500 are answers and other statuses retry.
import type { Tunables } from './constants.ts';
import type { Platform } from './platform.ts';
import { retry } from './retry.ts';

/** 200 with its JSON; 404 and 500 are answers too (the 404 / 500 pages), not failures. */
export type Fetched<T> = { status: 200; data: T } | { status: 404 | 500 };

export type FetchConfig = Pick<Platform, 'fetch' | 'setTimeout'> &
  Pick<Tunables, 'retries' | 'retryBackoffMs'>;

/** An error naming what failed: a `chunk`, or a static `query` file. */
export type LoadFailure = Error & { chunk?: string; query?: string };

/** The error once a file or chunk could not be loaded after every retry; it names it. */
export const loadError = (name: string, tag?: Partial<LoadFailure>): LoadFailure =>
  Object.assign(new Error(`${name} could not be loaded`), tag);

/**
 * GETs a JSON file. Any status but 200, 404 and 500, a network error or unreadable JSON is
 * retried `retries` times, then rejects with `loadError(url)`. The backoff doubles
 * (100, 200, 400 ms) instead of retrying back to back, so a briefly overloaded host recovers.
 */
export const fetchJson = <T>(
  url: string,
  c: FetchConfig,
  tag?: Partial<LoadFailure>,
): Promise<Fetched<T>> =>
  retry(
    async (): Promise<Fetched<T>> => {
      const res = await c.fetch(url);
      const status = res.status;
      if (status === 200) return { status, data: (await res.json()) as T };
      if (status === 404 || status === 500) return { status };
      throw status;
    },
    c.retries,
    (attempt) => c.retryBackoffMs * 2 ** attempt,
    c,
  ).catch(() => Promise.reject(loadError(url, tag)));

/** Like `fetchJson`, but only a 200 will do: anything else rejects with `loadError(url, tag)`. */
export const fetchOk = <T>(url: string, c: FetchConfig, tag?: Partial<LoadFailure>): Promise<T> =>
  fetchJson<T>(url, c, tag).then((r) =>
    r.status === 200 ? r.data : Promise.reject(loadError(url, tag)),
  );
