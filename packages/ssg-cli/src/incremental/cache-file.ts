// The cache file of one output folder (node_modules/.ssg/incremental/<digest>.json): its shape,
// reading it, and writing it through a scratch file so a build cut short never leaves half a one.
import { type FileHandle, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ClientBundle } from '../bundle/client.ts';
import type { InlineRecord } from '../emit/inline-record.ts';
import type { Memo } from '../emit/reuse.ts';
import type { PageOutput } from '../render/render-workers.ts';
import type { InputStamps } from '../shared/input-digest.ts';
import type { OutputBytes } from '../types.ts';
import type { BodyRef } from './body-store.ts';
import { sha } from './digest.ts';
import type { OutputRecord } from './output-record.ts';

/** A page in the index: its keys, what its render used, and where its body lies in the store. */
export interface SavedPage extends Omit<PageOutput, 'html' | 'staticHtml'> {
  key: string;
  deps: string;
  body: BodyRef;
  /** The page's static parts' HTML (`PageOutput.staticHtml` as JSON), when it has any. */
  statics?: BodyRef;
  /** The site hrefs of its links (`StoredOutput.links`): a reused page's links are checked unread. */
  links: readonly string[];
}

export interface SavedClient {
  fingerprint: string;
  inputs: string[];
  /** Size, mtime and digest of each input, so an unchanged input is not read again. */
  stamps?: InputStamps;
  bundle: ClientBundle;
  /** sha256 of each output file of the bundle, output-relative URL → digest. */
  files: Record<string, string>;
  /** What shaped it besides its input files (shared-client.ts `clientKey`): reused only under it. */
  key?: string;
}

/** The last build written to the output folder. */
export interface LastBuild {
  compilationHash: string;
  options: string;
  /** Each file the build placed in the output folder, as it left it (output-record.ts). */
  files: OutputRecord;
  bytes: OutputBytes;
  /** The fingerprint of everything the output was made of, with its hash and warnings. */
  memo?: Memo;
  /** Each page's inline code sources, when the site sends a policy (emit/inline-record.ts). */
  inline?: InlineRecord | undefined;
}

export interface SavedState {
  version: number;
  tool: string;
  pages: Record<string, SavedPage>;
  /** The body store the pages refer to, and how many of its bytes they use. */
  bodies?: { file: string; live: number };
  client?: SavedClient;
  last?: LastBuild;
}

// 6: pages keep their links; 7: and the `<Script>`s they rendered (their policy's sources)
const VERSION = 7;
const CACHE_DIR = 'node_modules/.ssg/incremental';

/** The cache file of an output folder (tests delete it to compare with a build from scratch). */
export const cacheFileOf = (site: { root: string; outDir: string }): string =>
  path.join(site.root, CACHE_DIR, `${sha(site.outDir).slice(0, 16)}.json`);

/** Reads a cache file; a missing, unreadable, older-tool or `force`d one is empty. */
export async function readCache(file: string, tool: string, force: boolean): Promise<SavedState> {
  const empty: SavedState = { version: VERSION, tool, pages: {} };
  if (force) return empty;
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as SavedState;
    return parsed.version === VERSION && parsed.tool === tool ? parsed : empty;
  } catch {
    return empty; // no cache yet, or a broken one: build from scratch
  }
}

/** Where the cache is written before it is renamed into place. */
const scratchOf = (file: string) => `${file}.${process.pid}`;

/**
 * Writes the page half of the cache (keys and body references, ~3 MB at 10,000 pages) into its scratch file while emit
 * writes the output, whose waiting on the disk leaves this thread idle. Resolves to the scratch
 * file, which `writeCache` completes.
 */
export async function writePagesAhead(
  file: string,
  pages: ReadonlyMap<string, SavedPage>,
): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const scratch = scratchOf(file);
  const out = await open(scratch, 'w');
  try {
    await writePages(pages, out);
  } finally {
    await out.close();
  }
  return scratch;
}

/** `{"pages":{…}`, in batches: one JSON string of all of them would be ~30 MB at 100,000 pages. */
async function writePages(pages: ReadonlyMap<string, SavedPage>, out: FileHandle): Promise<void> {
  await out.write('{"pages":');
  await writeObject(pages, out);
}

/** A JSON object of the entries, written 500 at a time. */
async function writeObject(entries: Iterable<[string, unknown]>, out: FileHandle): Promise<void> {
  await out.write('{');
  let batch: string[] = [];
  let separator = '';
  const flush = async () => {
    if (batch.length === 0) return;
    await out.write(separator + batch.join(','));
    separator = ',';
    batch = [];
  };
  for (const [key, value] of entries) {
    batch.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
    if (batch.length === 500) await flush();
  }
  await flush();
  await out.write('}');
}

/** The last build as `writeCache` takes it: its record entry by entry (output-record.ts). */
export interface LastBuildEntries extends Omit<LastBuild, 'files'> {
  files: Iterable<[string, string]>;
}

/** Completes the scratch file (`ahead`, or a new one with the pages) and renames it into place. */
export async function writeCache(
  file: string,
  pages: ReadonlyMap<string, SavedPage>,
  rest: Omit<SavedState, 'pages' | 'version' | 'last'> & { last?: LastBuildEntries },
  ahead: string | undefined,
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const scratch = scratchOf(file);
  try {
    const out = await open(scratch, ahead ? 'a' : 'w');
    try {
      if (!ahead) await writePages(pages, out);
      const { last, ...head } = rest;
      // `,"version":…,"tool":…` and so on: the object's fields without its braces
      const fields = (value: object) => JSON.stringify(value).slice(1, -1);
      await out.write(`,${fields({ version: VERSION, ...head })}`);
      if (last) {
        const { files, ...lastHead } = last;
        await out.write(`,"last":{${fields(lastHead)},"files":`);
        await writeObject(files, out); // 200,000 entries at 100,000 pages: never one string
        await out.write('}');
      }
      await out.write('}');
    } finally {
      await out.close();
    }
    await rename(scratch, file);
  } catch (error) {
    await rm(scratch, { force: true });
    throw error;
  }
}

/** After a failed build: the scratch file goes too. */
export async function discardScratch(ahead?: Promise<string | undefined>): Promise<void> {
  const scratch = await ahead?.catch(() => undefined);
  if (scratch) await rm(scratch, { force: true });
}
