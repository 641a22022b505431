// Files of the last output linked into the new one when their bytes are the same: a change to 1%
// of the pages writes about 1% of the files, and the others keep their inode and time.
import { link, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PlacedIn } from '../output/writer.ts';
import { md5 } from '../service-worker/generate-service-worker.ts';
import { writeSiblings } from './compress.ts';

/** The last output's copy of `name` when it held bytes of MD5 `revision` and is untouched since. */
export type Reuse = (name: string, revision: string) => string | undefined;

/** What emit placed: every file's MD5, and which ones are links to the last output's. */
export interface Placed {
  /** URL path → MD5 of each file emit placed. */
  revisions: Map<string, string>;
  /** URL paths of the files linked (or, in a patch, left in place) rather than written. */
  linked: Set<string>;
  /** URL path → stamp (size, inode, time) of each file written, as it was written. */
  stamps: Map<string, string>;
}

/** Pages' HTML and data only: the site's other files may share a name with a copied file. */
const LINKABLE = /(^\/page-data\/.*\/page-data\.json|\.html)$/;

/**
 * The bookkeeping of one emit: each file's MD5 as it is made (into `revisions`), and where to link
 * it from.
 */
export function placedFiles(
  reuse: Reuse | undefined,
  pagesToo: boolean,
  revisions = new Map<string, string>(),
  /** The site's memo of compressed files: a page's siblings made by an earlier build are copied. */
  memoDir?: string,
) {
  const linked = new Set<string>();
  const stamps = new Map<string, string>();
  return {
    revisions,
    linked,
    stamps,
    /** Records the bytes made for `name`; returns their MD5 (the worker's precache revision). */
    made(name: string, data: string | Uint8Array): string {
      const revision = md5(data);
      revisions.set(name, revision);
      return revision;
    },
    /** `name` stays in the output folder as the last build wrote it, with MD5 `revision` (a patch). */
    kept(name: string, revision: string): void {
      revisions.set(name, revision);
      linked.add(name);
    },
    linkFrom(name: string): string | undefined {
      const revision = revisions.get(name);
      return reuse && revision && LINKABLE.test(name) ? reuse(name, revision) : undefined;
    },
    async placed(name: string, file: string, data: Uint8Array, how: PlacedIn) {
      if (how.from) linked.add(name);
      if (how.stamp) stamps.set(name, how.stamp);
      if (pagesToo) await siblings(file, data, how.from, memoDir);
    },
    /**
     * Before a copied folder lands over `file`: a link would be written through into the last
     * output, so it goes first (the copied file wins, as it always did).
     */
    async unlinkBeforeCopy(root: string, file: string): Promise<boolean> {
      const name = `/${path.relative(root, file).split(path.sep).join('/')}`;
      stamps.delete(name); // the copy replaces the file written: its stamp is read once placed
      if (linked.delete(name)) await rm(file, { force: true });
      return true;
    },
  };
}

/** The `.br` and `.gz` siblings: linked beside a linked file when the last output had them. */
async function siblings(
  file: string,
  data: string | Uint8Array,
  from: string | undefined,
  memoDir: string | undefined,
): Promise<void> {
  if (from) {
    const made: string[] = [];
    for (const ext of ['.br', '.gz']) {
      if (
        !(await link(from + ext, file + ext).then(
          () => true,
          () => false,
        ))
      )
        break;
      made.push(file + ext);
    }
    if (made.length === 2) return;
    // half linked: undone, so the writes below never go through a link into the last output
    await Promise.all(made.map((sibling) => rm(sibling, { force: true })));
  }
  await writeSiblings(file, data, 'page', memoDir);
}
