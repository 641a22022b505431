// The output written into the staging folder with the client's compressed siblings and the site's
// copied folders; a file the last build wrote alike is linked, a file a patch keeps is not made.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { appDataUrl } from '@ssg/loader/contract';
import type { ClientBundle } from '../bundle/index.ts';
import { SsgError } from '../errors.ts';
import { type FileContents, type FileWriter, openWriter, writeFiles } from '../output/writer.ts';
import { progressCounter } from '../progress.ts';
import { isPrecached } from '../service-worker/index.ts';
import type { BuildReporter, OutputBytes } from '../types.ts';
import {
  COMPRESS_ALL_UP_TO,
  type CompressMode,
  compressesPages,
  compressWritten,
} from './compress.ts';
import type { Output } from './output.ts';
import { type CopiedAsset, placeCopied } from './place-copied.ts';
import { type Placed, placedFiles, type Reuse } from './reuse-files.ts';

const gzipped = promisify(gzip);

/** Where and how emit writes. */
export interface WriteInput {
  stagingDir: string;
  compress: CompressMode;
  client: ClientBundle;
  /** The site's folders copied as they are (copied-folders.ts). */
  copied: readonly CopiedAsset[];
  /** The staging folder's writer (the build's, which made folders ahead on a cold build). */
  writer?: FileWriter;
  /** The last output's file to link in place of writing `name` again, when it has these bytes. */
  reuse?: Reuse | undefined;
  reporter?: BuildReporter;
  /** The site's memo of compressed files, the client's and the pages' (compress-memo.ts). */
  compressedDir?: string;
  /** The client's siblings, started when the client was bundled (`clientSiblingsAhead`); none: made here. */
  clientSiblings?: Promise<void> | undefined;
  /**
   * The pages' files the worker precaches (`precachedPageFiles`, output-relative): of the pages'
   * files, only these get a precache revision. None: all of them.
   */
  precachedPages?: ReadonlySet<string>;
  /**
   * Files left in the output folder as the last build wrote them (a patch, patch.ts): URL path →
   * their record entry (`md5 size:ino:mtime`); not made, not written into the staging folder.
   */
  kept?: ReadonlyMap<string, string> | undefined;
}

/** What emit wrote: sizes by kind, and the worker's precache revisions. */
export interface Written extends Placed {
  bytes: OutputBytes;
  /** Output-relative path → MD5 of each file the worker precaches, hashed as it was written. */
  precache: Map<string, string>;
}

/** Stage "emit": writes the output files and the site's assets into the staging folder. */
export async function writeOutput(output: Output, input: WriteInput): Promise<Written> {
  const { stagingDir, client } = input;
  // Sizes and the worker's precache revisions come from the bytes as they are written: no file
  // is read back (reading and hashing 20,000 files again took ~5 s at 10,000 pages).
  const bytes: OutputBytes = { html: 0, js: 0, css: 0, json: 0, other: 0 };
  const precache = new Map<string, string>();
  const pagesToo = compressesPages(input.compress, output.pageCount);
  // the pages' siblings are kept by digest too where `auto` compresses them: another brand, folder
  // or build copies what it shares (at 100,000 pages, `all` would double the files written)
  const memoDir = output.pageCount <= COMPRESS_ALL_UP_TO ? input.compressedDir : undefined;
  const placed = placedFiles(input.reuse, pagesToo, output.revisions, memoDir);
  // Compressed on libuv's threads while the files are written; a failure only loses the figure.
  const zipped = gzipSizes(stagingDir, client).catch(() => undefined);
  const tick = progressCounter(input.reporter, 'emit', output.names.length);
  // a page's files are made by a function; of those, the worker precaches the first pages' only
  const precached = (file: string, page: boolean) =>
    isPrecached(file) && (!page || !input.precachedPages || input.precachedPages.has(file));
  // a page's text is encoded once, into the writer's batch (output/pack-batch.ts), not here
  const make = (name: string, contents: FileContents, page: boolean): string | Uint8Array => {
    const data = typeof contents === 'function' ? contents() : contents;
    count(bytes, name, typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength);
    const file = name.slice(1);
    const revision = placed.made(name, data);
    if (precached(file, page)) precache.set(file, revision);
    tick();
    return data;
  };
  // Each file made as the writer takes it: no second map of 200,000 closures at 100,000 pages.
  function* writing(): Generator<[string, FileContents]> {
    for (const [name, contents] of output.files()) {
      // pages' files are made as they are written; app-data too, but it is the build's, not a page's
      const page = typeof contents === 'function' && name !== appDataUrl();
      const entry = input.kept?.get(name);
      if (entry === undefined) {
        yield [name, () => make(name, contents, page)];
        continue;
      }
      const [revision = '', stamp = ''] = entry.split(' ');
      count(bytes, name, Number.parseInt(stamp, 10));
      placed.kept(name, revision);
      if (precached(name.slice(1), page)) precache.set(name.slice(1), revision);
      tick();
    }
  }
  const writer = input.writer ?? openWriter(stagingDir, output.names.length);
  try {
    // The client's siblings (brotli 11 of its biggest chunk is the longest single job of a small
    // site's emit) are made on libuv's threads while the pages render and are written, not after;
    // both settle before emit goes on or fails, so nothing writes into the staging folder after it.
    const settled = await Promise.allSettled([
      writeFiles(writer, writing(), placed),
      input.clientSiblings ??
        (input.compress === 'none'
          ? undefined
          : compressWritten(stagingDir, client.files, input.compressedDir)),
    ]);
    for (const one of settled) if (one.status === 'rejected') throw one.reason;
    await placeCopied(stagingDir, input.copied, placed.unlinkBeforeCopy, precache);
  } catch (error) {
    if (error instanceof SsgError) throw error; // a page's data over the limit, as it was made
    throw new SsgError('EMIT_FAILED', `Writing the output failed: ${(error as Error).message}`, {
      hint: 'Check that the output folder is writable and the disk has room; the previous output was left untouched.',
      cause: error,
    });
  } finally {
    if (!input.writer) await writer.close();
  }
  for (const asset of client.files) {
    const { size } = await stat(path.join(stagingDir, asset));
    if (isScript(asset)) bytes.js += size;
    else bytes.other += size;
  }
  bytes.css = Buffer.byteLength(client.styles);
  bytes.gzip = await zipped;
  const { revisions, linked, stamps } = placed;
  return { bytes, precache, revisions, linked, stamps };
}

const isScript = (file: string): boolean => /\.m?js$/.test(file);

function count(bytes: OutputBytes, name: string, size: number): void {
  if (name.endsWith('.html')) bytes.html += size;
  else if (name.endsWith('.json')) bytes.json += size;
  else bytes.other += size;
}

/**
 * Gzipped sizes of the client's scripts (a few files, read back) and of the inlined stylesheet;
 * the HTML is not compressed: at 10,000 pages that would cost seconds.
 */
async function gzipSizes(
  stagingDir: string,
  client: ClientBundle,
): Promise<{ js: number; css: number }> {
  const scripts = client.files.filter(isScript);
  const sizes = await Promise.all(
    scripts.map(
      async (file) => (await gzipped(await readFile(path.join(stagingDir, file)))).byteLength,
    ),
  );
  const css = client.styles ? (await gzipped(client.styles)).byteLength : 0;
  return { js: sizes.reduce((sum, size) => sum + size, 0), css };
}
