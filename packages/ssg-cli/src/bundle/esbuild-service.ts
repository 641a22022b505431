// The one owner of esbuild's service process in this process: builds running at the same time
// share it, so it is stopped only by a build that runs alone.
import * as esbuild from 'esbuild';

/** Builds running in this process now. */
let running = 0;

/** Runs a build, counted among the running ones while it runs. */
export async function counted<T>(run: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await run();
  } finally {
    running--;
  }
}

/**
 * After the config is read: esbuild's service (~20 MB) is not needed again unless the worker
 * template is not cached (it then starts again); while Vite runs it would add to the peak memory.
 * Another build running in this process may still be using it: then it stays.
 */
export function stopEsbuildIfAlone(): void {
  if (running === 1) void esbuild.stop();
}
