// How a build runs, not what it makes: switches the CLI and the tests set, passed from build()
// to the modules they concern. No module reads them from the environment (cli/env-switches.ts does).
import type { BundleChild } from './bundle/fork-child.ts';
import type { Fault } from './shared/fault.ts';

export interface BuildSwitches {
  /** The output's files written on a thread of their own (true) or the calling one; default: a thread from 2,000 files. */
  writeThread?: boolean;
  /** Render worker threads beside the main thread (0: the main thread only); default: by pages and cores. */
  renderWorkers?: number;
  /** Default true: Vite runs in a child process; false runs it in the build's own. */
  bundleProcess?: boolean;
  /**
   * Vite's process, forked by the caller before it loaded the build's code (the CLI, when
   * `bundlesCold`): the build takes it instead of forking one, and ends it if no bundle job came.
   */
  bundleChild?: BundleChild;
  /** A fault injected at one point of the build (crash-safety tests); default none. */
  fault?: Fault;
  /**
   * Default false: folders the build no longer needs (earlier builds beside the output, a patch's
   * staging folder) are deleted before its promise settles. True leaves their deletion to a
   * detached `rm -rf` that outlives the build, as the CLI does: its process exits sooner.
   */
  removeInBackground?: boolean;
}
