/**
 * content/pages.json (one JSON array of page objects, 150 MB at 100,000 pages) read as an index:
 * one pass over the file in 1 MB pieces finds each page's record, keeps its path, title and place
 * in the file, and drops the rest; `read(entry)` reads one record again when the build asks for
 * that page's data. The site never holds every page's data at once.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { BenchPage } from './types.ts';

export interface PageEntry {
  path: string;
  title: string;
  /** Byte offset and length of the page's record in the file. */
  start: number;
  length: number;
}

export interface PageIndex {
  entries: PageEntry[];
  /** The whole record of one page, read from the file. */
  read(entry: PageEntry): BenchPage;
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const PIECE = 1 << 20;

/** Where `byte` is next in `buffer` from `from`, or `size` when it is not before it. */
function indexIn(buffer: Buffer, byte: number, from: number, size: number): number {
  const at = buffer.indexOf(byte, from);
  return at === -1 || at >= size ? size : at;
}

/**
 * Indexes `file`; throws when the file ends inside a record. The file stays open for `read` while
 * the build runs (the process ends with it).
 */
export function indexPages(file: string): PageIndex {
  const fd = openSync(file, 'r');
  const entries: PageEntry[] = [];
  const piece = Buffer.allocUnsafe(PIECE);
  // the bytes of the record being read when it runs past the end of a piece
  let carried: Buffer[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  let offset = 0;
  try {
    for (;;) {
      const size = readSync(fd, piece, 0, PIECE, offset);
      if (size === 0) break;
      let from = start >= 0 ? 0 : -1;
      // where the next backslash of this piece is (size: none), found once, not at each string
      let nextSlash = -1;
      for (let i = 0; i < size; i++) {
        if (inString) {
          // most bytes are text: jump to the next quote (memchr), then see whether it is escaped
          if (escaped) {
            escaped = false;
            continue;
          }
          if (nextSlash < i) nextSlash = indexIn(piece, BACKSLASH, i, size);
          const quote = indexIn(piece, QUOTE, i, size);
          if (nextSlash < quote) {
            // an escape before the quote: it takes the byte after it
            i = nextSlash;
            escaped = true;
            continue;
          }
          i = quote;
          if (quote < size) inString = false;
          continue;
        }
        const byte = piece[i];
        if (byte === QUOTE) inString = true;
        else if (byte === OPEN_BRACE) {
          if (depth++ === 1) {
            start = offset + i;
            from = i;
          }
        } else if (byte === CLOSE_BRACE && --depth === 1) {
          const bytes = Buffer.concat([...carried, piece.subarray(from, i + 1)]);
          carried = [];
          const page = JSON.parse(bytes.toString('utf8')) as BenchPage;
          entries.push({ path: page.path, title: page.title, start, length: bytes.length });
          start = -1;
          from = -1;
        } else if (byte === OPEN_BRACKET && depth === 0) depth = 1;
        else if (byte === CLOSE_BRACKET && depth === 1) depth = 0;
      }
      if (start >= 0) carried.push(Buffer.from(piece.subarray(from, size)));
      offset += size;
    }
    if (depth !== 0 || start >= 0) throw new Error(`${file} ends inside a page's record`);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  // The build asks for pages in the file's order: one read of 1 MB serves the next ~700 records
  // (one read per record was 100,000 system calls, 0.9 s of a 100,000-page rebuild).
  const window = Buffer.allocUnsafe(PIECE);
  let windowStart = 0;
  let windowSize = 0;
  return {
    entries,
    read(entry) {
      const end = entry.start + entry.length;
      if (entry.start < windowStart || end > windowStart + windowSize) {
        if (entry.length > PIECE) {
          const into = Buffer.allocUnsafe(entry.length);
          readSync(fd, into, 0, entry.length, entry.start);
          return JSON.parse(into.toString('utf8')) as BenchPage;
        }
        windowStart = entry.start;
        windowSize = readSync(fd, window, 0, PIECE, entry.start);
      }
      const at = entry.start - windowStart;
      return JSON.parse(window.toString('utf8', at, at + entry.length)) as BenchPage;
    },
  };
}
