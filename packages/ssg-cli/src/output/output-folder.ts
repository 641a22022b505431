// The output folder around the stages: taken before them (lock, leftovers), put in place after
// them, and the one clean-up after a failure.

import type { Fault } from '../shared/fault.ts';
import type { BuildReporter } from '../types.ts';
import { type Removal, removeLeftovers } from './leftovers.ts';
import { lockOutput } from './lock.ts';
import { patchIntoPlace } from './patch.ts';
import { discardStaging, swapIntoPlace } from './swap.ts';
import type { FileWriter } from './writer.ts';

interface Folders {
  outDir: string;
  /** Beside `outDir`; written by the stages, swapped into place at the end. */
  stagingDir: string;
}

/** How this build's output is handled: deletions, and the fault injected (BuildSwitches). */
export interface OutputHandling {
  removal: Removal;
  fault?: Fault | undefined;
}

/**
 * Takes the output folder for this build: waits for another build writing it, then clears what
 * a build cut short left. Resolves to the release of the folder.
 */
export async function claimOutput(
  site: Folders,
  handling: OutputHandling,
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
    const restored = await removeLeftovers(site.outDir, handling.removal);
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
  handling: OutputHandling,
): Promise<void> {
  const { stagingDir, outDir } = site;
  if (built.upToDate) await discardStaging(stagingDir);
  else if (built.patch) await patchIntoPlace(stagingDir, outDir, built.patch.gone, handling);
  else await swapIntoPlace(stagingDir, outDir, handling.fault);
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
