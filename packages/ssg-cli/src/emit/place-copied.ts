// The site's copied files placed into the staging folder (copied-files.ts resolved each to its real
// path): copied as bytes, files that never change once made (content-named cache files, like
// image variants) hard-linked. The output never holds a symbolic link.
import { constants } from 'node:fs';
import { copyFile, link, lstat, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isPrecached, md5 } from '../service-worker/generate-service-worker.ts';

/** A folder or file copied as it is into the output (copied-folders.ts; one file each once resolved). */
export interface CopiedAsset {
  from: string;
  /** Output-relative path. */
  to: string;
  /**
   * `from` is a file whose bytes never change under its name (it is named by its content, written
   * once, read-only): linked, not copied, so an unchanged build writes none of its bytes.
   */
  immutable?: boolean;
}

/** Removes a link to the last output before a copied file lands on its path (reuse-files.ts). */
type BeforeCopy = (root: string, file: string) => Promise<boolean>;

// Links made at once: enough to keep the disk busy, few enough for the open-file limit.
const LINKS_AT_ONCE = 32;

export async function placeCopied(
  stagingDir: string,
  copied: readonly CopiedAsset[],
  beforeCopy: BeforeCopy,
  precache: Map<string, string>,
): Promise<void> {
  const dirs = new Map<string, Promise<unknown>>();
  const place = async (asset: CopiedAsset) => {
    const target = path.join(stagingDir, asset.to);
    const dir = path.dirname(target);
    let made = dirs.get(dir);
    if (!made) {
      made = mkdir(dir, { recursive: true });
      dirs.set(dir, made);
    }
    await made;
    await beforeCopy(stagingDir, target);
    if (asset.immutable) await linkOrCopy(asset.from, target);
    else await copyFile(asset.from, target, constants.COPYFILE_FICLONE);
    await hashIfPrecached(stagingDir, target, precache);
  };
  // one write per name, the last folder's file winning (as when folders were copied in turn)
  const files = [...new Map(copied.map((asset) => [asset.to, asset])).values()];
  for (let i = 0; i < files.length; i += LINKS_AT_ONCE)
    await Promise.all(files.slice(i, i + LINKS_AT_ONCE).map(place));
}

/**
 * A hard link to a regular file; a copy of the bytes where links cannot be made (another disk, a
 * file system without them) or `from` is a symbolic link (a hard link to it would be a link too).
 */
async function linkOrCopy(from: string, to: string): Promise<void> {
  const regular = (await lstat(from)).isFile();
  try {
    if (regular) return await link(from, to);
  } catch {
    // copied below
  }
  await copyFile(from, to, constants.COPYFILE_FICLONE);
}

async function hashIfPrecached(root: string, file: string, precache: Map<string, string>) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (isPrecached(rel)) precache.set(rel, md5(await readFile(file)));
}
