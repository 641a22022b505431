/**
 * The digest of the files a bundle was made from, for the caches that decide whether Vite must
 * run again. A file whose size and modification time (in nanoseconds) are those recorded last
 * time keeps its recorded digest without being read: a site that imports 100 phone photos
 * (≈ 500 MB) no longer reads them all on every warm build.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

/** Per input file: `[size, mtime in ns, sha-256 of its bytes]`, as of the last digest. */
export type InputStamps = Record<string, [size: number, mtimeNs: string, digest: string]>;

export interface InputDigest {
  /** One digest over every file's path and bytes (`missing` for a file that is gone). */
  digest: string;
  stamps: InputStamps;
}

export async function digestInputs(
  files: readonly string[],
  known: InputStamps = {},
): Promise<InputDigest> {
  const hash = createHash('sha256');
  const stamps: InputStamps = {};
  for (const file of files) {
    hash.update(file).update('\0');
    const info = await stat(file, { bigint: true }).catch(() => undefined);
    if (!info) {
      hash.update(`missing ${file}`).update('\0');
      continue;
    }
    const size = Number(info.size);
    const mtimeNs = info.mtimeNs.toString();
    const last = known[file];
    const digest =
      last && last[0] === size && last[1] === mtimeNs
        ? last[2]
        : createHash('sha256')
            .update(await readFile(file))
            .digest('hex');
    stamps[file] = [size, mtimeNs, digest];
    hash.update(digest).update('\0');
  }
  return { digest: hash.digest('hex'), stamps };
}
