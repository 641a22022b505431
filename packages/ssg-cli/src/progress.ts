// Progress of long stages, reported every few hundred items.
import { performance } from 'node:perf_hooks';
import type { BuildReporter, StageName } from './types.ts';

/** Items between two reports, at most; a report also goes out when this much time passed. */
const EVERY_ITEMS = 500;
const EVERY_MS = 100;

/**
 * A counter for one long stage: `tick()` once per item done; the reporter hears of it every
 * 500 items or 100 ms and at the last one, so a terminal line updates without slowing the stage.
 */
export function progressCounter(
  reporter: BuildReporter | undefined,
  stage: StageName,
  total: number,
  done = 0,
): () => void {
  const report = reporter?.progress?.bind(reporter);
  if (!report || total === 0) return () => {};
  let count = done;
  let reportedCount = done;
  let reportedAt = performance.now();
  return () => {
    count++;
    if (count < total && count - reportedCount < EVERY_ITEMS) {
      // the clock is read every 32 items only: a few nanoseconds per item at most
      if ((count & 31) !== 0 || performance.now() - reportedAt < EVERY_MS) return;
    }
    reportedCount = count;
    reportedAt = performance.now();
    report(stage, count, total);
  };
}
