// The messages of the output check's thread (output-check-worker.ts, started by output-record.ts).

export interface OutputCheckData {
  /** The output folder. */
  dir: string;
  /** One line per file the last build placed: `name\tstamp` (name relative to `dir`). */
  list: string;
}

/** The one message out: the names (as in `list`) whose file is gone or has another stamp. */
export type OutputCheckReply = string[];
