// Writing many files: the main thread makes each file's bytes while a writer places the ones made
// before, in batches, with a bounded number of batches in flight (memory stays bounded).
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../child-module.ts';
import type { Fault } from '../shared/fault.ts';
import { batchWriter } from './write-batch.ts';
import type {
  FileEntry,
  PlacedEntry,
  WriterData,
  WriterReply,
  WriterRequest,
} from './write-protocol.ts';

export type { FileEntry, PlacedEntry };

/** A file's contents, or a function that makes them when the file is written. */
export type FileContents = string | Uint8Array | (() => string | Uint8Array);

/**
 * Places files below one folder (the staging folder): on a thread of its own for many files, on
 * the calling thread for few. A thread costs ~20 ms to start and a copy of each file's bytes.
 */
export interface FileWriter {
  readonly root: string;
  /** Folders made ahead of the files that go in them (absolute paths); settles once they are. */
  mkdirs(dirs: readonly string[]): Promise<void>;
  /** Places the files in order; rejects with the first failure, after which nothing is placed. */
  write(entries: FileEntry[]): Promise<PlacedEntry[]>;
  /** Stops the writer: once settled, nothing more lands below `root`. */
  close(): Promise<void>;
}

/** From this many files a thread writes them, so the main thread makes the next ones meanwhile. */
const THREAD_FROM_FILES = 2000;

export interface WriterOptions {
  /** True or false forces the thread or the calling thread (BuildSwitches.writeThread). */
  thread?: boolean | undefined;
  /** Reached after the first file placed (shared/fault.ts). */
  fault?: Fault | undefined;
}

/** A writer for about `files` files below `root`. */
export function openWriter(root: string, files: number, options: WriterOptions = {}): FileWriter {
  const threaded = options.thread ?? files >= THREAD_FROM_FILES;
  const data: WriterData = { root, fault: options.fault };
  return threaded ? threadWriter(data) : inlineWriter(data);
}

function inlineWriter({ root, fault }: WriterData): FileWriter {
  const writer = batchWriter(root, fault);
  // as the thread does: after a failure or once closed, nothing more is placed
  let stopped: unknown;
  const run = <T>(work: () => T): Promise<T> =>
    new Promise((resolve) => {
      if (stopped) throw stopped;
      try {
        resolve(work());
      } catch (error) {
        stopped = error;
        throw error;
      }
    });
  return {
    root,
    mkdirs: (dirs) => run(() => writer.mkdirs(dirs)),
    write: (entries) => run(() => writer.write(entries)),
    close: async () => {
      stopped ??= new Error('The output writer is closed.');
    },
  };
}

/** The writer thread (write-worker.ts), started by the first message. */
function threadWriter(data: WriterData): FileWriter {
  const { root } = data;
  let worker: Worker | undefined;
  let stopped: Error | undefined;
  let next = 0;
  const waiting = new Map<number, { resolve(p: PlacedEntry[]): void; reject(e: Error): void }>();
  const failAll = (error: Error) => {
    stopped ??= error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const started = (): Worker => {
    if (worker) return worker;
    const made = startWorker(import.meta.url, 'write-worker', { workerData: data });
    made.on('message', (reply: WriterReply) => {
      const one = waiting.get(reply.id);
      waiting.delete(reply.id);
      if ('error' in reply) one?.reject(Object.assign(new Error(reply.error.message), reply.error));
      else one?.resolve(reply.placed);
    });
    made.on('error', failAll);
    made.on('exit', () => failAll(new Error('The output writer thread stopped.')));
    worker = made;
    return made;
  };
  const send = (request: WriterRequest): Promise<PlacedEntry[]> => {
    if (stopped) return Promise.reject(stopped);
    return new Promise((resolve, reject) => {
      waiting.set(request.id, { resolve, reject });
      started().postMessage(request);
    });
  };
  return {
    root,
    mkdirs: async (dirs) => {
      await send({ id: next++, mkdirs: dirs });
    },
    write: (entries) => send({ id: next++, entries }),
    close: async () => {
      stopped ??= new Error('The output writer is closed.');
      await worker?.terminate();
    },
  };
}

/** What `writeFiles` may do besides writing each file. */
export interface WriteHooks {
  /** A file holding exactly these bytes to hard-link instead of writing them (none: write). */
  linkFrom?: ((name: string, data: Uint8Array) => string | undefined) | undefined;
  /** Runs after each file is placed (`from`: the file it was linked to; `stamp`: a written one's). */
  placed?: (name: string, file: string, data: Uint8Array, placed: PlacedIn) => Promise<void>;
}

/** How a file was placed. */
export interface PlacedIn {
  from?: string | undefined;
  stamp?: string | undefined;
}

/** Files per batch, and bytes: few messages, and little in memory at once. */
const BATCH_FILES = 256;
const BATCH_BYTES = 1 << 20;
/** Batches sent and not yet placed: the writer never waits, memory holds a few MB. */
const BATCHES_IN_FLIGHT = 4;

const bytesOf = (made: string | Uint8Array): Uint8Array =>
  typeof made === 'string' ? Buffer.from(made) : made;

/**
 * Makes each file (in the order of `files`) and has `writer` place it; resolves once every file is
 * placed and its `placed` hook ran, rejects with the first failure once nothing is in flight.
 */
export async function writeFiles(
  writer: FileWriter,
  files: Iterable<readonly [string, FileContents]>,
  hooks: WriteHooks = {},
): Promise<void> {
  const inFlight: Promise<void>[] = [];
  let failure: { error: unknown } | undefined;
  let batch: FileEntry[] = [];
  let bytes = 0;
  const send = () => {
    const sent = batch;
    batch = [];
    bytes = 0;
    const done = writer.write(sent).then(async (placed) => {
      const after = hooks.placed;
      if (!after) return;
      await Promise.all(
        sent.map(({ name, data, from }, i) => {
          const { linked, stamp } = placed[i] ?? { linked: false };
          return after(name, path.join(writer.root, name), data, {
            from: linked ? from : undefined,
            stamp,
          });
        }),
      );
    });
    inFlight.push(
      done.catch((error: unknown) => {
        failure ??= { error };
      }),
    );
  };
  try {
    for (const [name, contents] of files) {
      if (failure) break;
      const data = bytesOf(typeof contents === 'function' ? contents() : contents);
      const from = hooks.linkFrom?.(name, data);
      batch.push(from === undefined ? { name, data } : { name, data, from });
      bytes += data.byteLength;
      if (batch.length >= BATCH_FILES || bytes >= BATCH_BYTES) {
        send();
        if (inFlight.length >= BATCHES_IN_FLIGHT) await inFlight.shift();
      }
    }
    if (batch.length > 0 && !failure) send();
  } finally {
    // a file that could not be made (a page's data over the limit) waits for the batches sent
    await Promise.all(inFlight);
  }
  if (failure) throw failure.error;
}
