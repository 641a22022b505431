// Writing many files: the main thread makes each file's bytes while a writer places the ones made
// before, in batches, with a bounded number of batches in flight (memory stays bounded).
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../child-module.ts';
import type { Fault } from '../shared/fault.ts';
import { BatchPacker, filesIn } from './pack-batch.ts';
import { batchWriter } from './write-batch.ts';
import type {
  FileBatch,
  PlacedBatch,
  PlacedEntry,
  WriterData,
  WriterReply,
  WriterRequest,
} from './write-protocol.ts';

export type { FileBatch, PlacedBatch, PlacedEntry };

/** A file's contents, or a function that makes them when the file is written. */
export type FileContents = string | Uint8Array | (() => string | Uint8Array);

/**
 * Places files below one folder (the staging folder): on a thread of its own for many files, on
 * the calling thread for few. A thread costs ~20 ms to start; a batch's buffer moves to it and back.
 */
export interface FileWriter {
  readonly root: string;
  /** Folders made ahead of the files that go in them (absolute paths); settles once they are. */
  mkdirs(dirs: readonly string[]): Promise<void>;
  /**
   * Places the batch's files in order and gives its buffer back (on a thread: moved there, so the
   * caller's is detached meanwhile); rejects with the first failure, after which nothing is placed.
   */
  write(batch: FileBatch): Promise<PlacedBatch>;
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
    write: (batch) => run(() => ({ placed: writer.write(batch), buffer: batch.buffer })),
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
  const waiting = new Map<number, { resolve(p: PlacedBatch): void; reject(e: Error): void }>();
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
      else one?.resolve({ placed: reply.placed, buffer: reply.buffer ?? new ArrayBuffer(0) });
    });
    made.on('error', failAll);
    made.on('exit', () => failAll(new Error('The output writer thread stopped.')));
    worker = made;
    return made;
  };
  const send = (request: WriterRequest): Promise<PlacedBatch> => {
    if (stopped) return Promise.reject(stopped);
    return new Promise((resolve, reject) => {
      waiting.set(request.id, { resolve, reject });
      // the batch's bytes are moved to the thread, not copied: one isolate holds them at a time
      started().postMessage(request, 'batch' in request ? [request.batch.buffer] : []);
    });
  };
  return {
    root,
    mkdirs: async (dirs) => {
      await send({ id: next++, mkdirs: dirs });
    },
    write: (batch) => send({ id: next++, batch }),
    close: async () => {
      stopped ??= new Error('The output writer is closed.');
      await worker?.terminate();
    },
  };
}

/** What `writeFiles` may do besides writing each file. */
export interface WriteHooks {
  /** A file holding the same bytes as `name` to hard-link instead of writing them (none: write). */
  linkFrom?: ((name: string) => string | undefined) | undefined;
  /**
   * Runs after each file is placed (`from`: the file it was linked to; `stamp`: a written one's).
   * `data` is the file's bytes in its batch's buffer, which is reused once the promise settles.
   */
  placed?: (name: string, file: string, data: Uint8Array, placed: PlacedIn) => Promise<void>;
}

/** How a file was placed. */
export interface PlacedIn {
  from?: string | undefined;
  stamp?: string | undefined;
}

/** Batches sent and not yet placed: the writer never waits, and the pool holds a few MB. */
const BATCHES_IN_FLIGHT = 4;

/**
 * Makes each file (in the order of `files`) and has `writer` place it; resolves once every file is
 * placed and its `placed` hook ran, rejects with the first failure once nothing is in flight.
 * Files are packed into a few reused buffers (pack-batch.ts), not a Buffer each, copied to the
 * thread: at 30,000 pages that garbage held up to 60 MB, and the build's peak fell 291 → 259 MB.
 */
export async function writeFiles(
  writer: FileWriter,
  files: Iterable<readonly [string, FileContents]>,
  hooks: WriteHooks = {},
): Promise<void> {
  const inFlight: Promise<void>[] = [];
  const packer = new BatchPacker();
  let failure: { error: unknown } | undefined;
  const placedBatch = async (files: FileBatch['files'], { placed, buffer }: PlacedBatch) => {
    const after = hooks.placed;
    if (after) {
      let i = 0;
      const hooked: Promise<void>[] = [];
      for (const [{ name, from }, data] of filesIn(files, buffer)) {
        const { linked, stamp } = placed[i++] ?? { linked: false };
        const how = { from: linked ? from : undefined, stamp };
        hooked.push(after(name, path.join(writer.root, name), data, how));
      }
      await Promise.all(hooked);
    }
    packer.release(buffer);
  };
  const send = () => {
    const batch = packer.take();
    if (!batch) return;
    const { files } = batch;
    const done = writer.write(batch).then((placed) => placedBatch(files, placed));
    inFlight.push(
      done.catch((error: unknown) => {
        failure ??= { error };
      }),
    );
  };
  try {
    for (const [name, contents] of files) {
      if (failure) break;
      const made = typeof contents === 'function' ? contents() : contents;
      const size = typeof made === 'string' ? Buffer.byteLength(made) : made.byteLength;
      if (packer.full(size)) {
        send();
        if (inFlight.length >= BATCHES_IN_FLIGHT) await inFlight.shift();
        if (failure) break;
      }
      packer.add(name, made, size, hooks.linkFrom?.(name));
    }
    if (!failure) send();
  } finally {
    // a file that could not be made (a page's data over the limit) waits for the batches sent
    await Promise.all(inFlight);
  }
  if (failure) throw failure.error;
}
