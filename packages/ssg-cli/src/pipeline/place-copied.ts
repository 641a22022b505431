// The site's copied folders and files placed into the staging folder: folders copied, files that
// never change once made (content-named cache files, like image variants) hard-linked.
import { constants } from 'node:fs';
import { copyFile, cp, link, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isPrecached, md5 } from './service-worker.ts';

/** A folder or file copied as it is into the output (copied-folders.ts). */
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
  const files: CopiedAsset[] = [];
  for (const asset of copied) {
    if (asset.immutable) {
      files.push(asset);
      continue;
    }
    const target = path.join(stagingDir, asset.to);
    const filter = (_from: string, to: string) => beforeCopy(stagingDir, to);
    await cp(asset.from, target, { recursive: true, filter });
    await hashCopied(stagingDir, target, precache);
  }
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
    await linkOrCopy(asset.from, target);
    await hashIfPrecached(stagingDir, target, precache);
  };
  for (let i = 0; i < files.length; i += LINKS_AT_ONCE)
    await Promise.all(files.slice(i, i + LINKS_AT_ONCE).map(place));
}

/** A hard link; a copy where links cannot be made (another disk, a file system without them). */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to, constants.COPYFILE_FICLONE);
  }
}

/** Copied assets the worker precaches (an HTML file among images, say): read and hashed once. */
async function hashCopied(root: string, target: string, precache: Map<string, string>) {
  const info = await stat(target);
  const files = info.isDirectory()
    ? (await readdir(target, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [target];
  for (const file of files) await hashIfPrecached(root, file, precache);
}

async function hashIfPrecached(root: string, file: string, precache: Map<string, string>) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (isPrecached(rel)) precache.set(rel, md5(await readFile(file)));
}
