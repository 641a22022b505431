// The output's files placed one after the other with synchronous calls, on one thread: folders made
// once each, a file linked from the last output or written with one open, write, fstat and close.
// One thread, not many writes in flight: creates in one folder wait on its lock, so at 100,000
// pages 64 writes in flight through libuv's threads took 27.6 s and 36 s of system CPU where one
// thread took 16 s and 14 s (ext4, 2 cores, load 4-7). write-worker.ts runs it on its own thread.
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Fault, faultPoint } from '../shared/fault.ts';
import { filesIn } from './pack-batch.ts';
import { stampOfStats } from './stamp.ts';
import type { FileBatch, PlacedEntry } from './write-protocol.ts';

export interface BatchWriter {
  /** Folders made ahead of the files that go in them (absolute paths). */
  mkdirs(dirs: readonly string[]): void;
  /** Places a batch's files in order, each from its bytes in the batch's buffer. */
  write(batch: FileBatch): PlacedEntry[];
}

/** Places files below `root`, making their folders as needed (each once per writer). */
export function batchWriter(root: string, fault?: Fault): BatchWriter {
  const made = new Set([root]);
  const ensure = (dir: string) => {
    if (made.has(dir)) return;
    // `recursive`: the parents too when they are new, and no error for one already there
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
  return {
    mkdirs(dirs) {
      for (const dir of dirs) ensure(dir);
    },
    write({ buffer, files }) {
      return Array.from(filesIn(files, buffer), ([{ name, from }, data]) => {
        const file = path.join(root, name);
        ensure(path.dirname(file));
        const placed =
          from !== undefined && linked(from, file) ? { linked: true } : written(file, data);
        faultPoint(fault, 'write');
        return placed;
      });
    },
  };
}

/** One open, write, fstat and close; the stamp is the file's as the next build will find it. */
function written(file: string, data: Uint8Array): PlacedEntry {
  const fd = openSync(file, 'w');
  try {
    writeFileSync(fd, data);
    return { linked: false, stamp: stampOfStats(fstatSync(fd)) };
  } finally {
    closeSync(fd);
  }
}

/** A link writes no bytes and keeps the file's time; a file gone since it was checked is written. */
function linked(from: string, file: string): boolean {
  try {
    linkSync(from, file);
    return true;
  } catch {
    return false;
  }
}
