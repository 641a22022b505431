// Whether the output folder already holds exactly this build: a fingerprint (seal) of the files
// the last build wrote, a key of the options and copied assets, and the pure query over them.
import { statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { LastBuild } from './cache-file.ts';
import { sha } from './digest.ts';

/** What shapes the output besides the compilation hash. */
export interface OptionsInput {
  brand: string;
  trailingSlash: string;
  serviceWorker: boolean;
  runtimeCaching: unknown;
  keepBuilds: number;
  /** The site's folders copied into the output. */
  assets: ReadonlyArray<{ from: string; to: string }>;
}

/** Options and copied assets (their files' names, sizes and times): a digest. */
export async function optionsKey(tool: string, input: OptionsInput): Promise<string> {
  const { brand, trailingSlash, serviceWorker, runtimeCaching, keepBuilds } = input;
  const parts = [
    tool,
    JSON.stringify([brand, trailingSlash, serviceWorker, runtimeCaching, keepBuilds]),
  ];
  for (const asset of input.assets) {
    parts.push(`${asset.from}>${asset.to}`);
    const info = await stat(asset.from).catch(() => null);
    if (!info) continue;
    const files = info.isDirectory()
      ? (await readdir(asset.from, { recursive: true })).map(String).sort()
      : [''];
    for (const file of files) {
      const s = await stat(path.join(asset.from, file)).catch(() => null);
      if (s?.isFile()) parts.push(`${file}:${s.size}:${s.mtimeMs}`);
    }
  }
  return sha(...parts);
}

/**
 * A fingerprint of the output folder as it is on disk: size, inode and modification time of
 * each file the build wrote by name, and of every folder holding them. A file added to or
 * removed from any of those folders changes the folder's time; a file rewritten changes its own.
 * Stats only (~40,000 for 10,000 pages, well under a second): no file is read or listed.
 */
export function seal(dir: string, names: readonly string[]): string {
  const paths = new Set<string>(['']);
  for (const name of names) {
    const rel = name.replace(/^\/+/, '');
    paths.add(rel);
    for (let d = path.posix.dirname(rel); d !== '.' && !paths.has(d); d = path.posix.dirname(d))
      paths.add(d);
  }
  const lines: string[] = [];
  for (const rel of [...paths].sort()) {
    const info = statSync(path.join(dir, rel), { throwIfNoEntry: false });
    lines.push(info ? `${rel}\0${info.size}\0${info.ino}\0${info.mtimeMs}\n` : `${rel}\0missing\n`);
  }
  return sha(lines.join(''));
}

/** This build, as the up-to-date query compares it with the last one. */
export interface ThisBuild {
  compilationHash: string;
  /** `optionsKey` of this build. */
  options: string;
  /** Output-relative names of the files emit would write. */
  names: readonly string[];
}

/**
 * Whether the output folder already holds exactly what this build would write: the last build
 * into it had the same compilation hash (a digest of every page, data file and chunk name),
 * options and assets, and the files it wrote are untouched (`sealOf` fingerprints them as they
 * are now). Hand edits of single pages inside the output are not looked for; delete the folder
 * to have it written anew. Pure: everything it reads is passed in.
 */
export function outputUpToDate(
  last: LastBuild | undefined,
  now: ThisBuild,
  sealOf: (names: readonly string[]) => string | undefined,
): boolean {
  if (!last) return false;
  if (last.compilationHash !== now.compilationHash || last.options !== now.options) return false;
  // the same compilation hash and options: this build writes what the last one wrote
  return sealOf([...now.names, ...last.written]) === last.seal;
}
