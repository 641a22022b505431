// The output folder around the stages: taken before them (lock, leftovers), put in place after
// them, and the one clean-up after a failure.

import type { BuildReporter } from '../types.ts';
import { removeLeftovers } from './leftovers.ts';
import { lockOutput } from './lock.ts';
import { patchIntoPlace } from './patch.ts';
import { discardStaging, swapIntoPlace } from './swap.ts';
import type { FileWriter } from './writer.ts';

interface Folders {
  outDir: string;
  /** Beside `outDir`; written by the stages, swapped into place at the end. */
  stagingDir: string;
}

/**
 * Takes the output folder for this build: waits for another build writing it, then clears what
 * a build cut short left. Resolves to the release of the folder.
 */
export async function claimOutput(
  site: Folders,
  reporter?: BuildReporter,
): Promise<() => Promise<void>> {
  const unlock = await lockOutput(site.outDir, (holder) =>
    reporter?.note?.(
      `Waiting for the build of process ${holder} into ${site.outDir} to finish: one build at a time writes an output folder.`,
    ),
  );
  try {
    await discardStaging(site.stagingDir);
    // before anything reads the output: an output path holding nothing gets its newest build back
    const restored = await removeLeftovers(site.outDir);
    if (restored)
      reporter?.note?.(
        `${site.outDir} held no build: the newest whole build beside it (${restored}) was put back before this build.`,
      );
  } catch (error) {
    await unlock();
    throw error;
  }
  return unlock;
}

/**
 * The staging folder replaces the output, or its files are moved into it when it holds only the
 * few that changed (a patch); when the output already is this build, it is left as it is.
 */
export async function placeOutput(
  site: Folders,
  built: { upToDate: boolean; patch?: { gone: readonly string[] } },
): Promise<void> {
  if (built.upToDate) await discardStaging(site.stagingDir);
  else if (built.patch) await patchIntoPlace(site.stagingDir, site.outDir, built.patch.gone);
  else await swapIntoPlace(site.stagingDir, site.outDir);
}

/** What may still be writing into the staging folder when a stage fails. */
export interface InFlight {
  stagingDir: string;
  /** The bundler's process, stopped first: nothing it writes may land after the clean-up. */
  bundler: { stop(): Promise<void> };
  bundling?: Promise<unknown>;
  writer?: FileWriter;
  /** The incremental cache's files of this build, dropped. */
  cache?: { discard(): Promise<void> };
}

/** After a failed stage: nothing may land in the staging folder once it is gone. */
export async function cleanUpAfterFailure(run: InFlight): Promise<void> {
  await run.bundler.stop();
  await run.bundling?.catch(() => {});
  await run.writer?.close();
  await run.cache?.discard();
  await discardStaging(run.stagingDir);
}
