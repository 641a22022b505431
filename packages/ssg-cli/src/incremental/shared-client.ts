// The client bundle shared by every output folder of a site (node_modules/.ssg/client): a build
// into a new folder, or of another brand, takes the chunks an earlier build made from the same
// files without starting Vite (the clinic's five brands bundle to the same bytes). The record
// names the files Vite read, as the output folder's cache does; chunks are kept by digest,
// written aside, renamed and read-only, so a killed build never leaves half a chunk.
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomic } from '../write-atomic.ts';
import type { SavedClient } from './cache-file.ts';
import { sha } from './digest.ts';

const DIR = path.join('node_modules', '.ssg', 'client');
/** Chunks the record no longer names are removed this long after they were made. */
const UNUSED_FOR_MS = 14 * 24 * 3600 * 1000;

interface SharedRecord {
  /** What shapes the bundle besides the files Vite read (clientKey). */
  key: string;
  client: SavedClient;
}

/**
 * What shapes a client bundle besides the files Vite read: the framework and Vite (the tool
 * hash), the site's config, NODE_ENV (React's development build under a test runner) and the
 * environment Vite exposes (`.env*` files, `VITE_*` variables). A bundle is reused (from the
 * folder's own last build or from this store) only under the same key: a development client
 * must never reach a production build.
 */
export async function clientKey(root: string, tool: string, configUrl?: string): Promise<string> {
  const names = (await readdir(root).catch(() => [] as string[])).filter((n) =>
    n.startsWith('.env'),
  );
  const envFiles = await Promise.all(
    names
      .sort()
      .map(async (name) => [name, await readFile(path.join(root, name), 'utf8').catch(() => '')]),
  );
  const vite = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return sha(JSON.stringify([tool, configUrl ?? '', process.env.NODE_ENV ?? '', envFiles, vite]));
}

const dirOf = (root: string): string => path.join(root, DIR);
const recordOf = (root: string): string => path.join(dirOf(root), 'last.json');

/** Where the shared store keeps a chunk of these bytes (`digest`: its sha, as SavedClient has it). */
export const sharedChunk =
  (root: string) =>
  (_url: string, digest: string): string =>
    path.join(dirOf(root), digest);

/** The last client bundle a build of the site made under the same key; none when there is none. */
export async function sharedClient(root: string, key: string): Promise<SavedClient | undefined> {
  try {
    const record = JSON.parse(await readFile(recordOf(root), 'utf8')) as SharedRecord;
    return record.key === key ? record.client : undefined;
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
  key: string,
  client: SavedClient,
  outDir: string,
): Promise<void> {
  const dir = dirOf(root);
  try {
    await mkdir(dir, { recursive: true });
    for (const [url, digest] of Object.entries(client.files)) {
      const entry = path.join(dir, digest);
      const there = await stat(entry).then(
        () => true,
        () => false,
      );
      if (there) continue;
      const data = await readFile(path.join(outDir, url));
      if (sha(data) !== digest) return; // changed since it was recorded: not kept
      await writeAtomic(entry, data, { mode: 0o444 });
    }
    const record = recordOf(root);
    await writeAtomic(record, JSON.stringify({ key, client } satisfies SharedRecord));
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
