// Conditional and range requests: ETags, 304s and byte ranges.
import type { IncomingHttpHeaders } from 'node:http';

/** Weak ETag of one file in one coding: a cache never takes the gzip bytes for the brotli ones. */
export const etagOf = (size: number, mtimeMs: number, encoding: string): string =>
  `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}${encoding === 'identity' ? '' : `-${encoding}`}"`;

const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/**
 * Whether the client's copy is current (RFC 9110 §13.1): If-None-Match (a list, `*`, weak
 * comparison) wins; If-Modified-Since only counts without it and compares whole seconds.
 */
export function isNotModified(headers: IncomingHttpHeaders, etag: string, mtime: Date): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    return noneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'unsatisfiable' }
  | { kind: 'part'; start: number; end: number };

/**
 * One `bytes=` range of a file of `size` bytes. Several ranges, other units and malformed values
 * get the whole file (a 200 is always a valid answer to Range); a start past the end gets 416.
 */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  const match = header === undefined ? null : /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (match === null) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? { kind: 'whole' } : { kind: 'part', start, end };
}
