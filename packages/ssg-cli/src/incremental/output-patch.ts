// Whether a build may update the output folder in place (patch.ts) rather than write a whole new
// one beside it: only when it would write few files, and every file it keeps is, by what it is made
// of, the one the last build wrote and nobody changed since. Pure: everything it reads is passed in.
import type { Patch, PatchQuery } from '../emit/reuse.ts';
import type { LastBuild } from './cache-file.ts';
import { revisionIn } from './output-record.ts';

/**
 * The largest share of the output's files a patch writes. Past it the whole-folder swap costs
 * little more, and it never shows a visitor half of each build: moving 1,000 files into place
 * takes ~30 ms, 100,000 take seconds.
 */
export const PATCH_AT_MOST = 0.1;

export type { Patch, PatchQuery };

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
