/**
 * The `.br` and `.gz` of a text file of the output (the client's chunks, and the pages' HTML and
 * data of sites up to 1,000 pages) kept by the digest of its bytes in the site's
 * node_modules/.ssg/compressed: a file that an earlier build already compressed (a warm build,
 * another brand, another output folder) is copied, not compressed again (brotli at quality 11
 * takes ~0.5 s of CPU for the clinic's 250 KB of chunks). Entries unused for a fortnight are removed.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomic } from '../write-atomic.ts';

const MEMO_DIR = 'node_modules/.ssg/compressed';
const EXTENSIONS = ['.br', '.gz'] as const;
const UNUSED_FOR_MS = 14 * 24 * 3600 * 1000;

/** The site's folder of compressed client files. */
export const compressedDirOf = (root: string): string => path.join(root, MEMO_DIR);

/**
 * Writes `file.br` and `file.gz` from the memo when it holds `data`'s, else from `make()`, which
 * the memo then keeps (written aside and renamed: a killed build leaves no half entry).
 */
export async function memoSiblings(
  dir: string,
  file: string,
  data: Uint8Array,
  make: () => Promise<readonly [Uint8Array, Uint8Array]>,
  /** How `make` compresses, e.g. `brotli-11-text gzip-9`. */
  settings: string,
): Promise<void> {
  // the settings are part of the key: a release that compresses otherwise never reuses old entries
  const key = createHash('sha256').update(`${settings}\n`).update(data).digest('hex');
  const entries = EXTENSIONS.map((ext) => path.join(dir, key + ext));
  const copied = await Promise.all(
    entries.map((entry, i) =>
      copyFile(entry, file + EXTENSIONS[i]).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (copied.every(Boolean)) {
    const now = new Date();
    await Promise.all(entries.map((entry) => utimes(entry, now, now).catch(() => {})));
    return;
  }
  const made = await make();
  await Promise.all(made.map((bytes, i) => writeFile(file + EXTENSIONS[i], bytes)));
  // the memo is only a shortcut: a memo that cannot be written fails nothing
  await mkdir(dir, { recursive: true })
    .then(() => Promise.all(made.map((bytes, i) => writeAtomic(entries[i] as string, bytes))))
    .catch(() => {});
}

/** Removes the entries no build used for a fortnight (a build's own were just touched). */
export async function pruneMemo(dir: string, now = Date.now()): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const entry = path.join(dir, name);
      const { mtimeMs } = await stat(entry).catch(() => ({ mtimeMs: now }));
      if (now - mtimeMs > UNUSED_FOR_MS) await rm(entry, { force: true });
    }),
  );
}
