// The output's files placed one after the other with synchronous calls, on one thread: folders made
// once each, a file linked from the last output or written with one open, write, fstat and close.
// One thread, not many writes in flight: creates in one folder wait on its lock, so at 100,000
// pages 64 writes in flight through libuv's threads took 27.6 s and 36 s of system CPU where one
// thread took 16 s and 14 s (ext4, 2 cores, load 4-7). Plain JavaScript: write-worker.mjs runs it.
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { faultPoint } from '../shared/fault.mjs';
import { stampOfStats } from './stamp.mjs';

/**
 * @typedef {object} FileEntry one file to place
 * @property {string} name its URL path below the root (`/p/1/index.html`)
 * @property {Uint8Array} data its bytes
 * @property {string} [from] a file holding the same bytes, to hard-link instead of writing them
 */

/**
 * @typedef {object} PlacedEntry what became of one file
 * @property {boolean} linked it is a link to `from`
 * @property {string} [stamp] the written file's size, inode and time (output-record.ts)
 */

/**
 * Places files below `root`, making their folders as needed (each once per writer).
 * @param {string} root
 */
export function batchWriter(root) {
  const made = new Set([root]);
  /** @param {string} dir */
  const ensure = (dir) => {
    if (made.has(dir)) return;
    // `recursive`: the parents too when they are new, and no error for one already there
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
  return {
    /**
     * Folders made ahead of the files that go in them.
     * @param {readonly string[]} dirs absolute paths
     */
    mkdirs(dirs) {
      for (const dir of dirs) ensure(dir);
    },
    /**
     * @param {readonly FileEntry[]} entries
     * @returns {PlacedEntry[]}
     */
    write(entries) {
      return entries.map(({ name, data, from }) => {
        const file = path.join(root, name);
        ensure(path.dirname(file));
        const placed =
          from !== undefined && linked(from, file) ? { linked: true } : written(file, data);
        faultPoint('write');
        return placed;
      });
    },
  };
}

/**
 * One open, write, fstat and close; the stamp is the file's as the next build will find it.
 * @param {string} file
 * @param {Uint8Array} data
 * @returns {PlacedEntry}
 */
function written(file, data) {
  const fd = openSync(file, 'w');
  try {
    writeFileSync(fd, data);
    return { linked: false, stamp: stampOfStats(fstatSync(fd)) };
  } finally {
    closeSync(fd);
  }
}

/**
 * A link writes no bytes and keeps the file's time; a file gone since it was checked is written.
 * @param {string} from
 * @param {string} file
 */
function linked(from, file) {
  try {
    linkSync(from, file);
    return true;
  } catch {
    return false;
  }
}
