// The client bundle shared by every output folder of a site (node_modules/.ssg/client): a build
// into a new folder, or of another brand, takes the chunks an earlier build made from the same
// files without starting Vite (the clinic's five brands bundle to the same bytes). The record
// names the files Vite read, as the output folder's cache does; chunks are kept by digest,
// written aside, renamed and read-only, so a killed build never leaves half a chunk.
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SavedClient } from './cache-file.ts';
import { sha } from './digest.ts';

const DIR = path.join('node_modules', '.ssg', 'client');
/** Chunks the record no longer names are removed this long after they were made. */
const UNUSED_FOR_MS = 14 * 24 * 3600 * 1000;

interface SharedRecord {
  /** The framework and Vite versions the bundle was made with (toolHash). */
  tool: string;
  client: SavedClient;
}

const dirOf = (root: string): string => path.join(root, DIR);
const recordOf = (root: string): string => path.join(dirOf(root), 'last.json');

/** Where the shared store keeps a chunk of these bytes (`digest`: its sha, as SavedClient has it). */
export const sharedChunk =
  (root: string) =>
  (_url: string, digest: string): string =>
    path.join(dirOf(root), digest);

/** The last client bundle any build of the site made with this tool; none when there is none. */
export async function sharedClient(root: string, tool: string): Promise<SavedClient | undefined> {
  try {
    const record = JSON.parse(await readFile(recordOf(root), 'utf8')) as SharedRecord;
    return record.tool === tool ? record.client : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the client Vite just made (its chunks read from the output folder now in place) for the
 * site's other output folders. Only a shortcut: a store that cannot be written fails nothing.
 */
export async function keepSharedClient(
  root: string,
  tool: string,
  client: SavedClient,
  outDir: string,
): Promise<void> {
  const dir = dirOf(root);
  try {
    await mkdir(dir, { recursive: true });
    const aside = (file: string) => `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    for (const [url, digest] of Object.entries(client.files)) {
      const entry = path.join(dir, digest);
      const there = await stat(entry).then(
        () => true,
        () => false,
      );
      if (there) continue;
      const data = await readFile(path.join(outDir, url));
      if (sha(data) !== digest) return; // changed since it was recorded: not kept
      const temp = aside(entry);
      await writeFile(temp, data);
      await chmod(temp, 0o444);
      await rename(temp, entry);
    }
    const record = recordOf(root);
    const temp = aside(record);
    await writeFile(temp, JSON.stringify({ tool, client } satisfies SharedRecord));
    await rename(temp, record);
    await pruneChunks(dir, new Set(Object.values(client.files)));
  } catch {
    // the next build into a new folder runs Vite
  }
}

/** Removes the chunks the record does not name, a fortnight after they were made. */
async function pruneChunks(dir: string, named: ReadonlySet<string>): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir)) {
    if (named.has(name) || !/^[0-9a-f]{64}$/.test(name)) continue;
    const entry = path.join(dir, name);
    const { mtimeMs } = await stat(entry);
    if (now - mtimeMs > UNUSED_FOR_MS) await rm(entry, { force: true });
  }
}
