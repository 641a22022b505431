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

/** Bodies written in batches, read back one at a time (one pread each) while documents are made. */
export class BodyStore {
  private fd: number | undefined;
  private end: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
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
    const data = Buffer.from(body);
    const ref: BodyRef = [this.end + this.pendingBytes, data.byteLength];
    this.pending.push(data);
    this.pendingBytes += data.byteLength;
    this.live += data.byteLength;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
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
    const buffer = Buffer.allocUnsafe(ref[1]);
    let read = 0;
    while (read < ref[1]) {
      const n = readSync(this.handle(), buffer, read, ref[1] - read, ref[0] + read);
      if (n === 0)
        throw new Error(`The page body store ${this.file} ends before byte ${ref[0] + ref[1]}.`);
      read += n;
    }
    return buffer.toString('utf8');
  }

  flush(): void {
    if (this.pendingBytes === 0) return;
    const data = Buffer.concat(this.pending, this.pendingBytes);
    let written = 0;
    while (written < data.byteLength)
      written += writeSync(
        this.handle(),
        data,
        written,
        data.byteLength - written,
        this.end + written,
      );
    this.end += data.byteLength;
    this.pending = [];
    this.pendingBytes = 0;
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
