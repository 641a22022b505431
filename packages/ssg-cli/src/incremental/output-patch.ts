// Whether a build may update the output folder in place (patch.ts) rather than write a whole new
// one beside it: only when it would write few files, and every file it keeps is, by what it is made
// of, the one the last build wrote and nobody changed since. Pure: everything it reads is passed in.
import type { LastBuild } from './cache-file.ts';
import { revisionIn } from './output-record.ts';

/**
 * The largest share of the output's files a patch writes. Past it the whole-folder swap costs
 * little more, and it never shows a visitor half of each build: moving 1,000 files into place
 * takes ~30 ms, 100,000 take seconds.
 */
export const PATCH_AT_MOST = 0.1;

/** This build, as the patch query compares it with the last one. */
export interface PatchQuery {
  /** emit.ts `fingerprintOf`'s frame: every file but the pages' own inputs; none if unknown. */
  frame: string | undefined;
  compilationHash: string;
  /** `optionsKey` of this build (output-seal.ts): options and copied assets. */
  options: string;
  /** URL path of every file emit makes. */
  names: readonly string[];
  /** MD5 of each file whose bytes are made already (all but the pages'), by URL path. */
  made: ReadonlyMap<string, string>;
  /** The files of the pages whose render inputs are not the last build's (or that are new). */
  dirty: ReadonlySet<string>;
}

/** What a patch keeps of the last output, and what it deletes from it. */
export interface Patch {
  /** URL path → the last record's entry (`md5 size:ino:mtime`) of each file left as it is. */
  kept: Map<string, string>;
  /** URL paths the last build placed that this one does not make (host files it may write again). */
  gone: string[];
}

/**
 * The patch of the output folder, or none when the whole folder is written again: another frame,
 * compilation hash or options, a folder changed by hand (`changed` holds a folder: a file added),
 * no check of the folder, or more than `PATCH_AT_MOST` of the files to write. A file is kept when
 * the last build placed it, nobody changed it since, and its bytes are the same: those made
 * already by their MD5, a page's by its render inputs under the same frame.
 */
export function patchOf(
  last: LastBuild | undefined,
  now: PatchQuery,
  changed: ReadonlySet<string> | undefined,
): Patch | undefined {
  if (!last?.memo || !changed || now.frame === undefined || last.memo.frame !== now.frame)
    return undefined;
  if (last.compilationHash !== now.compilationHash || last.options !== now.options)
    return undefined;
  for (const name of changed) if (name.endsWith('/')) return undefined;
  const kept = new Map<string, string>();
  for (const name of now.names) {
    const entry = last.files[name];
    if (entry === undefined || changed.has(name) || now.dirty.has(name)) continue;
    const revision = now.made.get(name);
    if (revision !== undefined && revision !== revisionIn(entry)) continue;
    if (revisionIn(entry) === '-') continue; // not a file emit made: it says nothing of its bytes
    kept.set(name, entry);
  }
  if (now.names.length - kept.size > now.names.length * PATCH_AT_MOST) return undefined;
  const made = new Set(now.names);
  const gone = Object.keys(last.files).filter((name) => !name.endsWith('/') && !made.has(name));
  return { kept, gone };
}
