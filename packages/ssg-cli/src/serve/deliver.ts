// Sends a file of the build: precompressed siblings, compression on the fly, ranges.
import { createReadStream, existsSync, type Stats, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import sirv from 'sirv';
import { etagOf, isNotModified, rangeOf } from './conditional.ts';
import { isCompressible, ownTypeOf } from './content-types.ts';
import { type Encoding, negotiateEncoding } from './encoding.ts';

/** Smaller text gains less from compression than the encoding costs. */
export const MIN_COMPRESS_SIZE = 1024;

const SIBLING: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

const statOrNull = (file: string): Stats | null => {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
};

/**
 * The URL path sirv looks `file` up by (sirv decodes it with `decodeURI`). `?` and `#` stay
 * encoded, so `a?b` is never read as the file `a`; such a name gets the 404 page instead.
 */
const urlPathOf = (root: string, file: string): string =>
  `/${path
    .relative(root, file)
    .split(path.sep)
    .map((segment) => encodeURI(segment).replace(/[?#]/g, (c) => encodeURIComponent(c)))
    .join('/')}`;

export type Deliver = (
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  onMissing: () => void,
) => void;

/**
 * The bytes of one file of the build with status 200. The caller has set Cache-Control and the
 * common headers. We choose the coding and answer conditional and Range requests ourselves
 * (sirv only matches If-None-Match exactly, reads `gzip;q=0` as gzip and `bytes=-N` as the
 * first N bytes); sirv then sends the file or its precompressed sibling. One gap stays:
 * sirv reads `bytes=0-0` as the whole file, which it labels correctly in Content-Range.
 */
export function createDeliver(root: string): Deliver {
  const sendFile = sirv(root, { dev: true, etag: true, brotli: true, gzip: true, extensions: [] });
  return (req, res, file, onMissing) => {
    const original = statOrNull(file);
    if (original === null) return onMissing();
    // sirv would send an empty Content-Type for a file without extension; nginx's default_type is this
    const type =
      ownTypeOf(file) ?? (path.extname(file) === '' ? 'application/octet-stream' : undefined);
    const siblings = (['br', 'gzip'] as const).filter((e) => existsSync(file + SIBLING[e]));
    // files without siblings (a build with --compress none or over 1,000 pages) are compressed here
    const onTheFly =
      siblings.length === 0 &&
      type !== undefined &&
      isCompressible(type) &&
      original.size > MIN_COMPRESS_SIZE &&
      req.headers.range === undefined; // a compressed stream has no byte offsets to serve
    const encoding = negotiateEncoding(
      req.headers['accept-encoding'],
      onTheFly ? ['br', 'gzip'] : siblings,
    );
    const precompressed = encoding !== 'identity' && !onTheFly;
    const stats = precompressed ? statOrNull(file + SIBLING[encoding]) : original;
    if (stats === null) return onMissing();

    const etag = etagOf(stats.size, stats.mtimeMs, encoding);
    const lastModified = stats.mtime.toUTCString();
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', lastModified);
    if (isNotModified(req.headers, etag, stats.mtime)) {
      res.writeHead(304).end();
      return;
    }
    if (type !== undefined) res.setHeader('Content-Type', type);
    if (onTheFly && encoding !== 'identity') {
      sendCompressed(req, res, file, original.size, encoding, 200);
      return;
    }

    res.setHeader('Accept-Ranges', 'bytes');
    // If-Range with a date that is not ours: the copy is stale, send the whole file
    const ifRange = req.headers['if-range'];
    const range = ifRange === undefined || ifRange === lastModified ? req.headers.range : undefined;
    const wanted = rangeOf(range, stats.size);
    if (wanted.kind === 'unsatisfiable') {
      res.writeHead(416, { 'Content-Range': `bytes */${stats.size}` }).end();
      return;
    }
    // hand sirv a request it reads the way we decided: one coding, one absolute range or none
    req.headers['accept-encoding'] = encoding === 'identity' ? '' : encoding;
    if (wanted.kind === 'part') req.headers.range = `bytes=${wanted.start}-${wanted.end}`;
    else delete req.headers.range;
    delete req.headers['if-none-match'];
    req.url = urlPathOf(root, file);
    sendFile(req, res, onMissing);
  };
}

/** A text file compressed as it is read, for `ssg serve`'s on-the-fly compression and its 404 page. */
export function sendCompressed(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  size: number,
  encoding: Encoding,
  status: number,
): void {
  // the build's sibling when there is one (the 404 page): compressed once, not per request
  const sibling = encoding === 'identity' ? null : statOrNull(file + SIBLING[encoding]);
  if (encoding === 'identity' || sibling) res.setHeader('Content-Length', sibling?.size ?? size);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.writeHead(status);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const done = (error: Error | null) => {
    if (error) res.destroy(error);
  };
  if (sibling && encoding !== 'identity') {
    pipeline(createReadStream(file + SIBLING[encoding]), res, done);
    return;
  }
  const bytes = createReadStream(file);
  if (encoding === 'identity') pipeline(bytes, res, done);
  else if (encoding === 'gzip') pipeline(bytes, createGzip(), res, done);
  // quality 5, as CDNs use on the fly: 11 (the default) is for files compressed once at build time
  else
    pipeline(
      bytes,
      createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      res,
      done,
    );
}
