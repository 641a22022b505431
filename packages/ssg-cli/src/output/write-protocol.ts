// The messages between the output's writer (writer.ts) and its thread (write-worker.ts).
import type { Fault } from '../shared/fault.ts';

/** One file of a batch: its bytes are the next `length` bytes of the batch's buffer. */
export interface BatchFile {
  /** Its URL path below the root (`/p/1/index.html`). */
  name: string;
  length: number;
  /** A file holding the same bytes, to hard-link instead of writing them. */
  from?: string;
}

/**
 * Files to place, their bytes one after the other in one buffer: the buffer is moved to the
 * thread and back (a transfer, not a copy), so neither isolate keeps a copy of what was written.
 */
export interface FileBatch {
  buffer: ArrayBuffer;
  files: BatchFile[];
}

/** What became of one file. */
export interface PlacedEntry {
  /** It is a link to `from`. */
  linked: boolean;
  /** The written file's size, inode and time (output-record.ts). */
  stamp?: string;
}

/** A batch placed: what became of each file, and its buffer back for the next batch. */
export interface PlacedBatch {
  placed: PlacedEntry[];
  buffer: ArrayBuffer;
}

export interface WriterData {
  root: string;
  fault?: Fault | undefined;
}

/** Folders to make, or files to place; each answered once, in order. */
export type WriterRequest =
  | { id: number; mkdirs: readonly string[] }
  | { id: number; batch: FileBatch };

export interface WriterFailure {
  message: string;
  code?: string | undefined;
}

/** A batch's answer carries its buffer; `mkdirs`' none. After a failure every later request gets it too. */
export type WriterReply =
  | { id: number; placed: PlacedEntry[]; buffer?: ArrayBuffer }
  | { id: number; error: WriterFailure };
