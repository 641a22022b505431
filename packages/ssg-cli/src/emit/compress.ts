// The .br and .gz siblings of the output's text files.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
/** Which text files get `.br` and `.gz` siblings: `auto` is all of them up to `COMPRESS_ALL_UP_TO` pages. */
import type { CompressMode } from '../types.ts';
import { memoSiblings, pruneMemo } from './compress-memo.ts';

export type { CompressMode };

/** Smaller text gains less from compression than a second file costs (as `ssg serve`'s threshold). */
export const COMPRESS_MIN_SIZE = 1024;
/**
 * Compressing every page costs CPU and a second and third file a page: at 10,000 pages, seconds.
 * Above this many pages `auto` compresses only the client bundle; hosts compress pages on the fly.
 */
export const COMPRESS_ALL_UP_TO = 1000;

const TEXT = /\.(html|json|m?js|css|svg|xml|txt|map|webmanifest)$/;

/**
 * What a text file is, for how hard it is compressed: the client's chunks (hashed names, cached
 * for a year, fetched on every first visit) or any other file (pages, data, the site's files).
 */
export type TextKind = 'chunk' | 'page';

/**
 * Brotli quality by kind. On the clinic's text, 11 against 6 (CPU time, two runs at load 13 and
 * 23): chunks 71.8 against 78.0 KB for 464-466 against 29-35 ms, worth it once per release; pages
 * and data 92.0 against 99.8 KB for 607-690 against 14-21 ms, small and soon replaced.
 */
export const BROTLI_QUALITY: Readonly<Record<TextKind, number>> = { chunk: 11, page: 6 };
/** Level 9 costs ~10 ms over the clinic's 750 KB of text, like level 6: the smaller bytes win. */
const GZIP_LEVEL = 9;
/** What the memo of compressed files keys a kind's entries with, beside the bytes. */
export const compressSettings = (kind: TextKind): string =>
  `brotli-${BROTLI_QUALITY[kind]}-text gzip-${GZIP_LEVEL}`;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Whether a file of the output gets compressed siblings. */
export const wantsSiblings = (file: string, size: number): boolean =>
  size > COMPRESS_MIN_SIZE && TEXT.test(file);

/** Whether this build compresses its pages and data too, not only the client bundle. */
export const compressesPages = (mode: CompressMode, pages: number): boolean =>
  mode === 'all' || (mode === 'auto' && pages <= COMPRESS_ALL_UP_TO);

/**
 * Writes `file.br` (brotli at `kind`'s quality) and `file.gz` (level 9) beside `file` when it is
 * text over 1 KB, through the site's memo of compressed files when `memoDir` is given
 * (compress-memo.ts). zlib compresses on libuv's thread pool: the main thread goes on meanwhile.
 */
export async function writeSiblings(
  file: string,
  contents: string | Uint8Array,
  kind: TextKind,
  memoDir?: string,
): Promise<void> {
  const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
  if (!wantsSiblings(file, data.byteLength)) return;
  const make = () => compressed(data, BROTLI_QUALITY[kind]);
  if (memoDir) return memoSiblings(memoDir, file, data, make, compressSettings(kind));
  const [br, gz] = await make();
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

const compressed = (data: Uint8Array, quality: number) =>
  Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipped(data, { level: GZIP_LEVEL }),
  ]);

/**
 * Siblings of the client bundle's chunks, already in the output folder, through the
 * site's memo of compressed files when `memoDir` is given (compress-memo.ts).
 */
export async function compressWritten(
  root: string,
  files: readonly string[],
  memoDir?: string,
): Promise<void> {
  await Promise.all(
    files
      .filter((file) => TEXT.test(file))
      .map(async (file) => {
        const full = path.join(root, file);
        await writeSiblings(full, await readFile(full), 'chunk', memoDir);
      }),
  );
  if (memoDir) await pruneMemo(memoDir);
}

/**
 * The client's chunks' siblings, started as soon as the chunks are in the staging folder: their
 * brotli 11 (the longest single job of a small site's emit) runs on libuv's threads while the
 * pages render; emit waits for it (`WriteInput.clientSiblings`). None with `compress: 'none'`.
 */
export const clientSiblingsAhead = (
  mode: CompressMode,
  stagingDir: string,
  files: readonly string[],
  memoDir: string,
): Promise<void> | undefined =>
  mode === 'none' ? undefined : compressWritten(stagingDir, files, memoDir);
