// Retrying a request a few times with a pause between tries.
import type { Platform } from './platform.ts';

/**
 * Runs `task` until it resolves, at most `retries` times more, waiting `delay(attempt)` ms on
 * the platform's clock in between; rejects with the last error.
 */
export async function retry<T>(
  task: () => Promise<T>,
  retries: number,
  delay: (attempt: number) => number,
  clock: Pick<Platform, 'setTimeout'>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= retries) throw error;
      await new Promise<void>((resolve) => clock.setTimeout(resolve, delay(attempt)));
    }
  }
}
