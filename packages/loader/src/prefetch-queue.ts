// The queue of pages to prefetch, loaded in batches when the browser is idle.
import { canPrefetch } from './can-prefetch.ts';
import type { Tunables } from './constants.ts';
import type { Platform } from './platform.ts';
import type { PrefetchSkipReason } from './types.ts';

export type PrefetchConfig = Pick<Platform, 'setTimeout' | 'requestIdleCallback' | 'navigator'> &
  Pick<Tunables, 'prefetchBatchSize' | 'prefetchBatchIntervalMs' | 'botPattern'>;

/**
 * Queues paths and loads them `prefetchBatchSize` at a time in idle time, a batch at most every
 * `prefetchBatchIntervalMs`. The next batch is timed from the start of the previous one and
 * never waits for it to settle, so a failed or hanging prefetch cannot stall the queue.
 */
export function createPrefetchQueue(c: PrefetchConfig, load: (path: string) => Promise<unknown>) {
  const seen = new Set<string>();
  const queue: string[] = [];
  let busy = false;

  const run = (): void => {
    if (busy || !queue.length) return;
    busy = true;
    c.requestIdleCallback(() => {
      for (const path of queue.splice(0, c.prefetchBatchSize)) load(path).catch(() => {});
      c.setTimeout(() => {
        busy = false;
        run();
      }, c.prefetchBatchIntervalMs);
    });
  };

  return (path: string): PrefetchSkipReason => {
    const reason = seen.has(path) ? 'already-queued' : canPrefetch(c.navigator, c.botPattern);
    if (reason) return reason;
    seen.add(path);
    queue.push(path);
    run();
    return null;
  };
}
