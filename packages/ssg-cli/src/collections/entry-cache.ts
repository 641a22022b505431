// What each collection file gave on the last build, by the digest of its bytes: an unchanged file
// is not parsed, checked or rendered again. One file per collection, in v8's format (Dates survive).
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ContentIssue } from '../errors.ts';
import { writeAtomic } from '../write-atomic.ts';

/** A file's outcome: its data (image fields still marks) and HTML, or its issues. */
export type Outcome =
  | { ok: true; data: unknown; html: string }
  | { ok: false; issues: ContentIssue[] };

interface Saved {
  version: string;
  files: Record<string, { digest: string; outcome: Outcome }>;
}

export interface EntryCache {
  get(file: string, digest: string): Outcome | undefined;
  set(file: string, digest: string, outcome: Outcome): void;
  save(): Promise<void>;
}

/** The digest a file's outcome is kept under: its bytes and what else changes its outcome. */
export const digestOf = (bytes: Uint8Array, settings: string): string =>
  createHash('sha256').update(settings).update('\0').update(bytes).digest('hex');

/** A cache that keeps nothing: `ssg dev`, and sites built without one. */
const none: EntryCache = { get: () => undefined, set: () => {}, save: async () => {} };

/** Opens collection `name`'s cache; one of another version of the site's code, or unreadable, is empty. */
export async function openEntryCache(
  cache: { dir: string; version: string } | undefined,
  name: string,
): Promise<EntryCache> {
  if (!cache) return none;
  const file = path.join(cache.dir, `${encodeURIComponent(name)}.v8`);
  let old: Saved['files'] = {};
  try {
    const saved = deserialize(await readFile(file)) as Saved;
    if (saved.version === cache.version) old = saved.files;
  } catch {
    // none yet, or not ours to read: every file is read anew
  }
  const next: Saved['files'] = {};
  let changed = false;
  return {
    get(entry, digest) {
      const hit = old[entry];
      if (hit?.digest !== digest) return undefined;
      next[entry] = hit;
      return hit.outcome;
    },
    set(entry, digest, outcome) {
      next[entry] = { digest, outcome };
      changed = true;
    },
    async save() {
      // every file taken from the last build, and none gone: the file on disk says it already
      if (!changed && Object.keys(next).length === Object.keys(old).length) return;
      await mkdir(cache.dir, { recursive: true });
      await writeAtomic(file, serialize({ version: cache.version, files: next } satisfies Saved));
    },
  };
}
