/**
 * Forks the bundle process (child.ts) and says when a build will need it. Only Node's modules and
 * child-module.ts here: the CLI forks it before it loads the build's ~120 modules, so Vite's own
 * start-up runs on the other core meanwhile instead of after them.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { childModule } from '../child-module.ts';

/** A forked bundle process, and its first message ("ready": it listens for jobs) or its exit. */
export interface BundleChild {
  process: ChildProcess;
  /** Settles once the child listens, or once it exited before (a job then finds it gone). */
  listening: Promise<void>;
}

/** Starts the child that loads Vite and then answers bundle jobs over IPC (process.ts). */
export function forkBundleChild(): BundleChild {
  const { file, execArgv } = childModule(import.meta.url, 'child');
  // stdout piped to this process's stderr: what a plugin prints is not part of the build's output
  const child = fork(file, [], { execArgv, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  child.stdout?.pipe(process.stderr);
  // heard from the start: a message with no listener is lost, and the bundler may take the child later
  const listening = new Promise<void>((resolve) => {
    child.once('message', () => resolve());
    child.once('exit', () => resolve());
    // not started at all (e.g. out of memory): the bundler's first job reports the exit
    child.once('error', () => resolve());
  });
  return { process: child, listening };
}

/**
 * Vite will bundle: the site's folder holds none of the framework's caches (a fresh checkout,
 * caches removed) or the build is forced.
 */
export const bundlesCold = (root: string, force: boolean | undefined): boolean =>
  force === true || !existsSync(path.join(root, 'node_modules', '.ssg'));
