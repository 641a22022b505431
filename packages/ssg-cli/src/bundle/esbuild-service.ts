// The one owner of esbuild's service process in this process: every use of it by a build is
// counted, and the service stops when the last one ends, so no build leaves it running (~20 MB
// beside Vite's peak, and a process alive after build() settled). A later use starts it again.
import type * as Esbuild from 'esbuild';

/** Uses of the service running now, in every build of this process. */
let using = 0;
/** The stop of the service after the last use, which a new use waits for. */
let stopping: Promise<void> = Promise.resolve();

/** Runs `use` with esbuild's async API; the service stops once no use runs any more. */
export async function withEsbuild<T>(use: (esbuild: typeof Esbuild) => Promise<T>): Promise<T> {
  await stopping;
  const esbuild = await import('esbuild');
  using++;
  try {
    return await use(esbuild);
  } finally {
    using--;
    if (using === 0) {
      stopping = esbuild.stop();
      await stopping;
    }
  }
}
