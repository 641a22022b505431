// The output folder around the stages: taken before them (lock, leftovers), the staging folder
// they write into, put in place after them, and the one clean-up after a failure.

import { SsgError } from '../errors.ts';
import type { Fault } from '../shared/fault.ts';
import type { BuildReporter } from '../types.ts';
import { diskError } from './disk-error.ts';
import { type Removal, removeLeftovers } from './leftovers.ts';
import { lockOutput } from './lock.ts';
import { patchIntoPlace } from './patch.ts';
import { discardStaging, swapIntoPlace } from './swap.ts';
import { type FileWriter, openWriter } from './writer.ts';

interface Folders {
  outDir: string;
  /** Beside `outDir`; written by the stages, swapped into place at the end. */
  stagingDir: string;
}

/** How this build handles its output folder (BuildSwitches): deletions, writer thread, fault injected. */
export interface OutputHandling {
  removal: Removal;
  /** The writer thread: on, off, or by the number of files (undefined). */
  writeThread?: boolean | undefined;
  fault?: Fault | undefined;
}

/** What the stages will write into the staging folder, for its writer. */
export interface WritePlan {
  /** About how many files: many are written on a thread of their own. */
  files: number;
  /**
   * The folders they go in (absolute), made ahead while the build goes on: making 20,000 folders
   * is a good part of writing them. None when most files will be linked from the last output.
   */
  folders?: () => readonly string[];
}

/** The staging folder as the stages see it, inside `inOutputFolder`. */
export interface Staging {
  /** Beside the output folder; replaces it once every stage succeeded. */
  readonly dir: string;
  /** A job that writes into the staging folder beside the stages (Vite's, the client's siblings): settled before a clean-up. */
  writing<T>(job: Promise<T>): Promise<T>;
  /** The staging folder's writer, stopped before a clean-up. */
  writer(plan: WritePlan): FileWriter;
  /** The files of this build to drop after a failure, once nothing writes into the staging folder. */
  dropOnFailure(files: { discard(): Promise<void> }): void;
  /**
   * The staging folder replaces the output, or its files are moved into it when it holds only the
   * few that changed (a patch); when the output already is this build, it is left as it is.
   */
  place(built: Placing): Promise<void>;
}

/** What the stages made, as placing it needs to know. */
export interface Placing {
  upToDate: boolean;
  patch?: { gone: readonly string[] };
}

/**
 * The output folder around `work`: claimed before it (one build at a time), its staging folder
 * placed by it, cleaned up when it fails, released after.
 */
export async function inOutputFolder<T>(
  site: Folders,
  around: {
    reporter?: BuildReporter | undefined;
    bundler: { stop(): Promise<void> };
    handling: OutputHandling;
  },
  work: (staging: Staging) => Promise<T>,
): Promise<T> {
  const { handling } = around;
  const release = await claimOutput(site, handling, around.reporter);
  const run: InFlight = { stagingDir: site.stagingDir, bundler: around.bundler };
  const staging: Staging = {
    dir: site.stagingDir,
    writing: (job) => {
      const before = run.bundling;
      run.bundling = Promise.all([before, job.catch(() => {})]);
      return job;
    },
    writer: (plan) => {
      const { writeThread: thread, fault } = handling;
      const writer = openWriter(site.stagingDir, plan.files, { thread, fault });
      run.writer = writer;
      // made while Vite and render run (a failure shows again when emit writes there)
      if (plan.folders) writer.mkdirs(plan.folders()).catch(() => {});
      return writer;
    },
    dropOnFailure: (files) => {
      run.cache = files;
    },
    place: (built) => placeOutput(site, built, handling),
  };
  try {
    return await work(staging);
  } catch (error) {
    await cleanUpAfterFailure(run);
    // a full disk met anywhere in the stages (a copy, a cache file) is the output's error, not an unexpected one
    throw error instanceof SsgError ? error : (diskError(error, site.outDir) ?? error);
  } finally {
    await release();
  }
}

/**
 * Takes the output folder for this build: waits for another build writing it, then clears what
 * a build cut short left. Resolves to the release of the folder.
 */
async function claimOutput(
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

/** `Staging.place`. */
async function placeOutput(site: Folders, built: Placing, handling: OutputHandling): Promise<void> {
  const { stagingDir, outDir } = site;
  if (built.upToDate) await discardStaging(stagingDir);
  else if (built.patch) await patchIntoPlace(stagingDir, outDir, built.patch.gone, handling);
  else await swapIntoPlace(stagingDir, outDir, handling.fault);
}

/** What may still be writing into the staging folder when a stage fails. */
interface InFlight {
  stagingDir: string;
  /** The bundler's process, stopped first: nothing it writes may land after the clean-up. */
  bundler: { stop(): Promise<void> };
  bundling?: Promise<unknown>;
  writer?: FileWriter;
  /** The incremental cache's files of this build, dropped. */
  cache?: { discard(): Promise<void> };
}

/** After a failed stage: nothing may land in the staging folder once it is gone. */
async function cleanUpAfterFailure(run: InFlight): Promise<void> {
  await run.bundler.stop();
  await run.bundling?.catch(() => {});
  await run.writer?.close();
  await run.cache?.discard();
  await discardStaging(run.stagingDir);
}
