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
 * Brotli at quality 11 takes 5-15 ms a page on this machine kind: at 10,000 pages, a minute of
 * CPU. Above this many pages `auto` compresses only the client bundle; hosts compress pages on the fly.
 */
export const COMPRESS_ALL_UP_TO = 1000;

const TEXT = /\.(html|json|m?js|css|svg|xml|txt|map|webmanifest)$/;

const BROTLI_QUALITY = 11;
const GZIP_LEVEL = 9;
/** What the memo of compressed files keys its entries with, beside the bytes. */
export const COMPRESS_SETTINGS = `brotli-${BROTLI_QUALITY}-text gzip-${GZIP_LEVEL}`;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Whether a file of the output gets compressed siblings. */
export const wantsSiblings = (file: string, size: number): boolean =>
  size > COMPRESS_MIN_SIZE && TEXT.test(file);

/** Whether this build compresses its pages and data too, not only the client bundle. */
export const compressesPages = (mode: CompressMode, pages: number): boolean =>
  mode === 'all' || (mode === 'auto' && pages <= COMPRESS_ALL_UP_TO);

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside `file` when it is text over 1 KB,
 * through the site's memo of compressed files when `memoDir` is given (compress-memo.ts).
 * zlib compresses on libuv's thread pool: the main thread goes on writing meanwhile.
 */
export async function writeSiblings(
  file: string,
  contents: string | Uint8Array,
  memoDir?: string,
): Promise<void> {
  const data = typeof contents === 'string' ? Buffer.from(contents) : contents;
  if (!wantsSiblings(file, data.byteLength)) return;
  if (memoDir) return memoSiblings(memoDir, file, data, () => compressed(data), COMPRESS_SETTINGS);
  const [br, gz] = await compressed(data);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

const compressed = (data: Uint8Array) =>
  Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipped(data, { level: GZIP_LEVEL }),
  ]);

/**
 * Siblings of files already in the output folder (the client bundle's few files), through the
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
        await writeSiblings(full, await readFile(full), memoDir);
      }),
  );
  if (memoDir) await pruneMemo(memoDir);
}
