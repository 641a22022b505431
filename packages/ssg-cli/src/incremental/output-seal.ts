// Whether the output folder already holds exactly this build: a key of the options and copied
// assets, and the pure query over it, the hash memo and the check of the folder (output-record.ts).
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

/** This build, as the up-to-date query compares it with the last one. */
export interface ThisBuild {
  compilationHash: string;
  /** `optionsKey` of this build. */
  options: string;
  /** Output-relative names of the files emit would write. */
  names: readonly string[];
  /** Everything emit's files are made of is what the last build's were (the hash memo). */
  same: boolean;
}

/**
 * Whether the output folder already holds exactly what this build would write: its files are
 * made of the same as the last build's (so are their bytes), with the same compilation hash,
 * options and assets, and every file the last build placed is still there as it left it
 * (`changed`: the names output-record.ts found gone or different; none known: not trusted).
 * A file added by hand beside them is not looked for. Pure: everything it reads is passed in.
 */
export function outputUpToDate(
  last: LastBuild | undefined,
  now: ThisBuild,
  changed: ReadonlySet<string> | undefined,
): boolean {
  if (!last || !now.same || !changed || changed.size > 0) return false;
  if (last.compilationHash !== now.compilationHash || last.options !== now.options) return false;
  return now.names.every((name) => last.files[name] !== undefined);
}
