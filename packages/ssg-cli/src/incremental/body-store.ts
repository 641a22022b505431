// The pages' rendered bodies on disk, not in memory: one append-only file per output folder
// (node_modules/.ssg/incremental/<digest>.<generation>.bodies) that a page is read back from
// when its document is made. The cache's index holds each page's [offset, length] only.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** Where a body lies in the store: byte offset and length. */
export type BodyRef = [offset: number, length: number];

/** Appends are gathered up to this size and written with one call. */
const FLUSH_BYTES = 1 << 20;
/** What the buffer bodies are read into starts at: most bodies fit. */
const SCRATCH_BYTES = 64 << 10;

/** Bodies written in batches, read back one at a time (one pread each) while documents are made. */
export class BodyStore {
  private fd: number | undefined;
  private end: number;
  /**
   * Appends are encoded into one buffer and bodies are read into another, each reused: a Buffer
   * a page (two at 100,000 pages: 200,000) was garbage outside the heap until V8 collected it.
   */
  private pending: Buffer | undefined;
  private pendingBytes = 0;
  private scratch: Buffer | undefined;
  /** Bytes of bodies this build refers to; the rest of the file is earlier builds' garbage. */
  live = 0;

  /**
   * `file`: the previous build's store, appended to (its bytes stay as they were, so the saved
   * index stays valid if this build fails); none, or too much garbage: a new generation.
   */
  constructor(
    readonly file: string,
    size: number,
  ) {
    this.end = size;
  }

  /** A new store beside the cache file, or the previous one when less than half of it is garbage. */
  static open(cacheFile: string, previous: string | undefined, livePrevious: number): BodyStore {
    mkdirSync(path.dirname(cacheFile), { recursive: true });
    if (previous) {
      try {
        const fd = openSync(previous, 'r+');
        const { size } = fstatSync(fd);
        if (livePrevious * 2 >= size) {
          const store = new BodyStore(previous, size);
          store.fd = fd;
          return store;
        }
        closeSync(fd);
      } catch {
        // gone or unreadable: a new generation
      }
    }
    const file = `${cacheFile.replace(/\.json$/, '')}.${randomBytes(6).toString('hex')}.bodies`;
    const store = new BodyStore(file, 0);
    store.fd = openSync(file, 'w+');
    return store;
  }

  /** Appends a body; it can be read once `flush` ran (reads flush first). */
  put(body: string): BodyRef {
    const size = Buffer.byteLength(body);
    const ref: BodyRef = [this.end + this.pendingBytes, size];
    this.live += size;
    if (this.pendingBytes + size > FLUSH_BYTES) this.flush();
    if (size > FLUSH_BYTES) {
      // larger than the buffer: written on its own
      this.writeAt(Buffer.from(body), this.end);
      this.end += size;
      return ref;
    }
    this.pending ??= Buffer.allocUnsafeSlow(FLUSH_BYTES);
    this.pending.write(body, this.pendingBytes, size, 'utf8');
    this.pendingBytes += size;
    return ref;
  }

  /** A body an earlier build stored in this file (counted as live), or a copy of it when not. */
  keep(ref: BodyRef, from: BodyStore | undefined): BodyRef {
    if (!from || from === this) {
      this.live += ref[1];
      return ref;
    }
    return this.put(from.get(ref));
  }

  get(ref: BodyRef): string {
    if (this.pendingBytes > 0) this.flush();
    const [at, size] = ref;
    if (!this.scratch || this.scratch.byteLength < size)
      this.scratch = Buffer.allocUnsafeSlow(Math.max(size, SCRATCH_BYTES));
    const buffer = this.scratch;
    let read = 0;
    while (read < size) {
      const n = readSync(this.handle(), buffer, read, size - read, at + read);
      if (n === 0)
        throw new Error(`The page body store ${this.file} ends before byte ${at + size}.`);
      read += n;
    }
    return buffer.toString('utf8', 0, size);
  }

  flush(): void {
    if (this.pendingBytes === 0 || !this.pending) return;
    this.writeAt(this.pending.subarray(0, this.pendingBytes), this.end);
    this.end += this.pendingBytes;
    this.pendingBytes = 0;
  }

  private writeAt(data: Buffer, at: number): void {
    let written = 0;
    while (written < data.byteLength)
      written += writeSync(this.handle(), data, written, data.byteLength - written, at + written);
  }

  close(): void {
    if (this.fd === undefined) return;
    this.flush();
    closeSync(this.fd);
    this.fd = undefined;
  }

  /** Removes every other generation's file of this cache (after the index naming this one is saved). */
  removeOthers(cacheFile: string): void {
    const dir = path.dirname(cacheFile);
    const stem = path.basename(cacheFile).replace(/\.json$/, '');
    for (const name of readdirSync(dir)) {
      const other = path.join(dir, name);
      if (name.startsWith(`${stem}.`) && name.endsWith('.bodies') && other !== this.file)
        rmSync(other, { force: true });
    }
  }

  private handle(): number {
    if (this.fd === undefined) this.fd = openSync(this.file, 'r+');
    return this.fd;
  }
}
