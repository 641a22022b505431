// The record of the files the last build placed in the output folder (each one's MD5 and size,
// inode and time on disk) and the check of the folder against it, so a file deleted or edited by
// hand since is placed again: one stat per file, on a worker thread while content loads.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { startWorker } from '../child-module.ts';
import { stampOfStats } from '../output/stamp.ts';
import type { OutputCheckData, OutputCheckReply } from './output-check-protocol.ts';

/**
 * URL path → `md5 size:ino:mtime`; md5 `-` for files emit did not make (host config, worker,
 * chunks), `/` for the output folder and its direct subfolders, whose time a file added changes.
 */
export type OutputRecord = Record<string, string>;

/**
 * A file's size, inode and time as the record holds them; none when it is gone. lstat: a symbolic
 * link put in a file's place never matches, so it is never reused (hard-linked) into a new output.
 */
export function stampOf(file: string): string | undefined {
  const info = lstatSync(file, { throwIfNoEntry: false });
  return info ? stampOfStats(info) : undefined;
}

const stampIn = (entry: string): string => entry.slice(entry.indexOf(' ') + 1);
export const revisionIn = (entry: string): string => entry.slice(0, entry.indexOf(' '));

/**
 * Starts the check of `dir` against `record`: resolves to the names whose file is gone or differs
 * from the record (none when the folder is as the last build left it); `undefined` when there is
 * nothing to check against or the check failed (then nothing of the folder is trusted).
 */
export function checkOutput(
  dir: string,
  record: OutputRecord | undefined,
): Promise<ReadonlySet<string> | undefined> {
  if (!record) return Promise.resolve(undefined);
  const list = Object.entries(record)
    .map(([name, entry]) => `${name.replace(/^\/+/, '')}\t${stampIn(entry)}`)
    .join('\n');
  const workerData: OutputCheckData = { dir, list };
  return new Promise((resolve) => {
    const worker = startWorker(import.meta.url, 'output-check-worker', { workerData });
    let changed: ReadonlySet<string> | undefined;
    worker.once('message', (names: OutputCheckReply) => {
      changed = new Set(names.map((n) => `/${n}`));
    });
    worker.on('error', () => {}); // the exit follows, with nothing changed: nothing trusted
    // settled once the thread is gone, so nothing of the check outlives it (none: it failed)
    worker.once('exit', () => resolve(changed));
  });
}

/** What the build placed, as the next build's record will hold it. */
export interface PlacedOutput {
  /** URL path → MD5 of each file emit made. */
  revisions: ReadonlyMap<string, string>;
  /** Emit's files linked from the last output: their entry there still holds. */
  linked: ReadonlySet<string>;
  /** Emit's files written, with the stamp each had once written (no stat of them again). */
  stamps?: ReadonlyMap<string, string>;
  /** Output-relative names of the other files the build wrote (host config, worker, chunks). */
  written: readonly string[];
}

/**
 * The record of the output now in `dir`, entry by entry (at 100,000 pages it has 200,000: it is
 * written to the cache as it is made, never held whole). Stats only the files placed without a
 * stamp (the host config, the worker, the chunks), not the linked ones nor emit's written ones.
 */
export function* recordOutput(
  dir: string,
  last: OutputRecord,
  placed: PlacedOutput,
): Generator<[string, string]> {
  // a file added by hand is looked for at the top only: every folder is a stat more per page
  const top = new Set<string>();
  const entry = (name: string, revision: string): [string, string] | undefined => {
    const kept = placed.linked.has(name) ? last[name] : undefined;
    const stamp = kept
      ? stampIn(kept)
      : (placed.stamps?.get(name) ?? stampOf(path.join(dir, name)));
    if (!stamp) return undefined;
    top.add(name.slice(0, name.indexOf('/', 1) + 1) || '/');
    return [name, `${revision} ${stamp}`];
  };
  for (const [name, revision] of placed.revisions) {
    const made = entry(name, revision);
    if (made) yield made;
  }
  for (const name of placed.written) {
    const made = entry(`/${name.replace(/^\/+/, '')}`, '-');
    if (made) yield made;
  }
  for (const folder of [...top]) {
    const made = entry(folder, '/');
    if (made) yield made;
  }
}
