// The strategies that run a script in a worker, behind one import of <Script>: each is a chunk
// of its own, fetched only by pages that use it (one import site in the entry chunk, not two:
// 162 B gzip of first-load JS measured for the second).
import type { ScriptStrategy } from '../shared/script-use.ts';

export interface OffMainThreadScript {
  src: string;
  /** Page calls copied to the worker, e.g. `['dataLayer.push']`. */
  forward: readonly string[];
}

/** Starts `script` by `strategy`: `worker-idle` in a Web Worker, `proxied` in Partytown's. */
export async function runOffMainThread(
  strategy: Extract<ScriptStrategy, 'worker-idle' | 'proxied'>,
  script: OffMainThreadScript,
): Promise<void> {
  if (strategy === 'proxied') (await import('./proxied-script.ts')).runProxied(script);
  else await (await import('./worker-script.ts')).runInWorker(script);
}
