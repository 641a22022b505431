// What stage "emit" asks of the incremental cache: whether the output folder already holds this
// build, what of the last output it may keep or link, and the memo of what the output is made of.
// incremental/ implements it; emit knows nothing of the cache file.
import type { OutputBytes } from '../types.ts';
import type { InlineRecord } from './inline-record.ts';
import type { Reuse } from './reuse-files.ts';

/** What emit asks: the fingerprint of this build's output, and the last build's hash for it. */
export interface CompilationMemo {
  /** Digest of the pages' render inputs (key and dependencies) in order; none if one is unknown. */
  pageInputs(paths: Iterable<string>): string | undefined;
  /** Anything else every document reads (the policy, the worker option): as one string. */
  documentOptions: string;
  /** The last build's hash and warnings when its fingerprint was this one. */
  lookup(fingerprint: string): Memo | undefined;
  /** The last build's warnings, by page path (for the pages whose files it keeps). */
  lastWarnings: Readonly<Record<string, string>>;
  /** This build's, saved for the next. */
  remember(memo: Memo): void;
}

export interface Memo {
  fingerprint: string;
  /** The fingerprint without the pages' render inputs (output.ts `fingerprintOf`). */
  frame: string;
  compilationHash: string;
  /** Page path → the warning of its page-data's size. */
  warnings: Record<string, string>;
}

/** This build, as the patch query compares it with the last one. */
export interface PatchQuery {
  /** output.ts `fingerprintOf`'s frame: every file but the pages' own inputs; none if unknown. */
  frame: string | undefined;
  compilationHash: string;
  /** `optionsKey` of this build (incremental/output-seal.ts): options and copied assets. */
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

/** What stage "emit" asks of the incremental cache. */
export interface EmitReuse {
  /** Whether this build's output is made of exactly what the last one's was. */
  compilationMemo(documentOptions: string): CompilationMemo;
  /**
   * The bytes of the output when the folder already holds exactly this build (`names`: emit's
   * files; `assets`: the folders copied into the output; `same`: the memo's answer); none otherwise.
   */
  upToDate(
    compilationHash: string,
    names: readonly string[],
    assets: ReadonlyArray<{ from: string; to: string }>,
    same: boolean,
  ): Promise<OutputBytes | undefined>;
  /** The page at `path` was rendered from the last build's inputs: its output is the same. */
  unchanged(path: string): boolean;
  /**
   * What this build keeps of the output folder when it updates it in place (after `upToDate`,
   * which keys the options); none: it writes a whole new folder.
   */
  patch(query: Omit<PatchQuery, 'options'>): Promise<Patch | undefined>;
  /** Where to link an unchanged file from: the last output's copy, if untouched since. */
  reuse(): Promise<Reuse | undefined>;
  /** The last build's inline code sources of each page (a patch's kept pages take theirs). */
  lastInline(): InlineRecord | undefined;
}
