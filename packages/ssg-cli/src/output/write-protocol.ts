// The messages between the output's writer (writer.ts) and its thread (write-worker.ts).
import type { Fault } from '../shared/fault.ts';

/** One file to place. */
export interface FileEntry {
  /** Its URL path below the root (`/p/1/index.html`). */
  name: string;
  data: Uint8Array;
  /** A file holding the same bytes, to hard-link instead of writing them. */
  from?: string;
}

/** What became of one file. */
export interface PlacedEntry {
  /** It is a link to `from`. */
  linked: boolean;
  /** The written file's size, inode and time (output-record.ts). */
  stamp?: string;
}

export interface WriterData {
  root: string;
  fault?: Fault | undefined;
}

/** Folders to make, or files to place; each answered once, in order. */
export type WriterRequest =
  | { id: number; mkdirs: readonly string[] }
  | { id: number; entries: readonly FileEntry[] };

export interface WriterFailure {
  message: string;
  code?: string | undefined;
}

/** `placed` is empty for `mkdirs`. After a failure every later request gets it too. */
export type WriterReply =
  | { id: number; placed: PlacedEntry[] }
  | { id: number; error: WriterFailure };
