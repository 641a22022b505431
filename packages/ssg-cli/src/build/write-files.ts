import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** How many writes are in flight at once: enough to keep the disk busy, few enough for file handles. */
const CONCURRENCY = 64;

/** A file's contents, or a function that makes them when the file is written. */
export type FileContents = string | Uint8Array | (() => string | Uint8Array);

/**
 * Writes many files below `root`: every folder is made once, then the files are written with a
 * bounded number in flight (one at a time, 10,000 pages take seconds of waiting).
 */
export async function writeFiles(
  root: string,
  files: ReadonlyMap<string, FileContents>,
): Promise<void> {
  const dirs = new Set<string>();
  for (const name of files.keys()) dirs.add(path.dirname(path.join(root, name)));
  // Parents first: sorted by length, each mkdir then finds its parent already there.
  for (const dir of [...dirs].sort((a, b) => a.length - b.length))
    await mkdir(dir, { recursive: true });
  const entries = [...files];
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const [name, contents] = entries[next++]!;
      await writeFile(
        path.join(root, name),
        typeof contents === 'function' ? contents() : contents,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, entries.length) }, worker));
}
