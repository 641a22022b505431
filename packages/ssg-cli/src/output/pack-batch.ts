// Files packed into batches for the writer: each batch's bytes go into one buffer of a small pool,
// which travels to the writer thread and back, so no file's bytes are held twice or left as garbage.
import type { BatchFile, FileBatch } from './write-protocol.ts';

/** Files per batch, and bytes: few messages, and little in memory at once. */
export const BATCH_FILES = 256;
export const BATCH_BYTES = 1 << 20;

/** A batch being filled: its buffer, a Buffer over it to encode into, the files packed so far. */
interface OpenBatch {
  buffer: ArrayBuffer;
  bytes: Buffer;
  files: BatchFile[];
  used: number;
}

/** Packs files into batches; buffers come back through `release` once their batch is placed. */
export class BatchPacker {
  private readonly free: ArrayBuffer[] = [];
  private open: OpenBatch | undefined;
  /** How many pool buffers were made: what the batches hold at most is this many MB. */
  made = 0;

  /** Whether a file of `size` bytes goes into a batch of its own after the open one. */
  full(size: number): boolean {
    const open = this.open;
    if (!open || open.files.length === 0) return false;
    return open.files.length >= BATCH_FILES || open.used + size > open.buffer.byteLength;
  }

  /** Adds a file (`size`: its length in bytes, UTF-8 for a string) to the open batch. */
  add(name: string, contents: string | Uint8Array, size: number, from?: string): void {
    const open = this.open ?? this.start(size);
    if (typeof contents === 'string') open.bytes.write(contents, open.used, size, 'utf8');
    else open.bytes.set(contents, open.used);
    open.used += size;
    open.files.push(from === undefined ? { name, length: size } : { name, length: size, from });
  }

  /** The open batch, closed; none when it holds no file. */
  take(): FileBatch | undefined {
    const open = this.open;
    this.open = undefined;
    return open && open.files.length > 0 ? { buffer: open.buffer, files: open.files } : undefined;
  }

  /** A placed batch's buffer, for the next batches (a file's own larger buffer is dropped). */
  release(buffer: ArrayBuffer): void {
    if (buffer.byteLength === BATCH_BYTES) this.free.push(buffer);
  }

  private start(size: number): OpenBatch {
    // a file larger than a batch gets a buffer of its own, not kept for later batches
    const buffer =
      size > BATCH_BYTES ? new ArrayBuffer(size) : (this.free.pop() ?? this.newBuffer());
    this.open = { buffer, bytes: Buffer.from(buffer), files: [], used: 0 };
    return this.open;
  }

  private newBuffer(): ArrayBuffer {
    this.made++;
    return new ArrayBuffer(BATCH_BYTES);
  }
}

/** Each file of a batch with its bytes in `buffer` (the batch's, as it came back). */
export function* filesIn(
  files: readonly BatchFile[],
  buffer: ArrayBuffer,
): Generator<[BatchFile, Uint8Array]> {
  let offset = 0;
  for (const file of files) {
    yield [file, new Uint8Array(buffer, offset, file.length)];
    offset += file.length;
  }
}
