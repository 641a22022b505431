// Sends a file of the build: precompressed siblings, compression on the fly, ranges.
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline, Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { lookup } from 'mrmime';
import { etagOf, isNotModified, rangeOf } from './conditional.ts';
import { isCompressible, ownTypeOf } from './content-types.ts';
import { type Encoding, negotiateEncoding } from './encoding.ts';
import { closeFile, fileInside, type OpenFile, openInside } from './published.ts';

/** Smaller text gains less from compression than the encoding costs. */
export const MIN_COMPRESS_SIZE = 1024;

const SIBLING: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

/** Our type for text; else mrmime's table (the one sirv uses); else bytes, as nginx's default_type. */
const typeOf = (file: string): string => {
  const extension = path.extname(file);
  return (
    ownTypeOf(file) ??
    (extension === '' ? undefined : lookup(extension)) ??
    'application/octet-stream'
  );
};

/** Ends the stream with an error when the file gave fewer bytes than announced (cut short in place mid-read). */
function wholeOrFail(expected: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      done(
        seen < expected
          ? new Error(`The file shrank while it was sent (${seen} of ${expected} bytes).`)
          : null,
      );
    },
  });
}

/**
 * Bytes `start`..`end` of an open file into the response, then the descriptor is closed.
 * We stream it ourselves rather than through sirv: sirv pipes `createReadStream(path)` with
 * `.pipe()`, so a file deleted between its stat and the open crashed the process (an
 * unhandled ENOENT) and every aborted download kept its descriptor open for good. `pipeline`
 * destroys the file stream when the client goes away, and an error ends this response only.
 */
function stream(
  res: ServerResponse,
  file: OpenFile,
  start: number,
  end: number,
  coder?: Transform,
): void {
  if (end < start) {
    endWithoutBody(res, file); // an empty file: createReadStream cannot read 0..-1
    return;
  }
  const bytes = createReadStream('', { fd: file.fd, start, end });
  const steps = [bytes, wholeOrFail(end - start + 1), ...(coder ? [coder] : []), res] as const;
  pipeline(steps, (error) => {
    if (error) res.destroy();
  });
}

/** The compressor of on-the-fly compression; brotli at quality 5, as CDNs use on the fly (11 is for build time). */
const coderOf = (encoding: Exclude<Encoding, 'identity'>, size: number): Transform =>
  encoding === 'gzip'
    ? createGzip()
    : createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      });

/** Headers sent, nothing to stream (HEAD, an empty file): the descriptor goes back at once. */
function endWithoutBody(res: ServerResponse, file: OpenFile): void {
  closeFile(file);
  res.end();
}

/** The precompressed siblings (`x.br`, `x.gz`) a build left beside `file`, inside the root. */
const siblingsOf = (realRoot: string, file: string): Array<Exclude<Encoding, 'identity'>> =>
  (['br', 'gzip'] as const).filter((e) => fileInside(realRoot, file + SIBLING[e]) !== null);

/**
 * The bytes of one file of the build with status 200 (206 for a range). The caller has set
 * Cache-Control and the common headers. `onMissing` answers instead when the file is not there,
 * is not a regular file or its real path leaves `realRoot`. The file is held open from the
 * first look to the last byte, so a rebuild that deletes or replaces it cannot mix two files.
 */
export function deliver(
  req: IncomingMessage,
  res: ServerResponse,
  realRoot: string,
  file: string,
  onMissing: () => void,
): void {
  const type = typeOf(file);
  // probed before the file is opened: a lookup that throws (EMFILE) then leaves no descriptor open
  const siblings = siblingsOf(realRoot, file);
  const original = openInside(realRoot, file);
  if (original === null) {
    onMissing();
    return;
  }
  // files without siblings (a build with --compress none or over 1,000 pages) are compressed here
  const onTheFly =
    siblings.length === 0 &&
    isCompressible(type) &&
    original.stats.size > MIN_COMPRESS_SIZE &&
    req.headers.range === undefined; // a compressed stream has no byte offsets to serve
  const encoding = negotiateEncoding(
    req.headers['accept-encoding'],
    onTheFly ? ['br', 'gzip'] : siblings,
  );
  let chosen = original;
  if (encoding !== 'identity' && !onTheFly) {
    closeFile(original);
    const sibling = openInside(realRoot, file + SIBLING[encoding]);
    if (sibling === null) {
      onMissing();
      return;
    }
    chosen = sibling;
  }
  const { stats } = chosen;
  const etag = etagOf(stats.size, stats.mtimeMs, encoding);
  const lastModified = stats.mtime.toUTCString();
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', lastModified);
  if (isNotModified(req.headers, etag, stats.mtime)) {
    closeFile(chosen);
    res.writeHead(304).end();
    return;
  }
  res.setHeader('Content-Type', type);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  if (onTheFly && encoding !== 'identity') {
    res.writeHead(200);
    if (req.method === 'HEAD') endWithoutBody(res, chosen);
    else stream(res, chosen, 0, stats.size - 1, coderOf(encoding, stats.size));
    return;
  }

  res.setHeader('Accept-Ranges', 'bytes');
  // If-Range with a date that is not ours: the copy is stale, send the whole file
  const ifRange = req.headers['if-range'];
  const range = ifRange === undefined || ifRange === lastModified ? req.headers.range : undefined;
  const wanted = rangeOf(range, stats.size);
  if (wanted.kind === 'unsatisfiable') {
    closeFile(chosen);
    res.writeHead(416, { 'Content-Range': `bytes */${stats.size}` }).end();
    return;
  }
  const [start, end] = wanted.kind === 'part' ? [wanted.start, wanted.end] : [0, stats.size - 1];
  res.setHeader('Content-Length', end - start + 1);
  if (wanted.kind === 'part') res.setHeader('Content-Range', `bytes ${start}-${end}/${stats.size}`);
  res.writeHead(wanted.kind === 'part' ? 206 : 200);
  if (req.method === 'HEAD') endWithoutBody(res, chosen);
  else stream(res, chosen, start, end);
}

/**
 * A page of the build (the 404 page) with `status`, compressed by the client's Accept-Encoding
 * (the build's sibling when there is one, else on the fly). `false` when the page is not there.
 */
export function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  realRoot: string,
  file: string,
  status: number,
): boolean {
  const page = openInside(realRoot, file);
  if (page === null) return false;
  const { size } = page.stats;
  res.setHeader('Content-Type', typeOf(file));
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = negotiateEncoding(
    req.headers['accept-encoding'],
    size > MIN_COMPRESS_SIZE ? ['br', 'gzip'] : [],
  );
  if (encoding === 'identity') {
    res.setHeader('Content-Length', size);
    res.writeHead(status);
    if (req.method === 'HEAD') endWithoutBody(res, page);
    else stream(res, page, 0, size - 1);
    return true;
  }
  res.setHeader('Content-Encoding', encoding);
  // the build's sibling when there is one: compressed once, not per request
  const sibling = openInside(realRoot, file + SIBLING[encoding]);
  if (sibling) {
    closeFile(page);
    res.setHeader('Content-Length', sibling.stats.size);
  }
  res.writeHead(status);
  const sent = sibling ?? page;
  if (req.method === 'HEAD') endWithoutBody(res, sent);
  else if (sibling) stream(res, sibling, 0, sibling.stats.size - 1);
  else stream(res, page, 0, size - 1, coderOf(encoding, size));
  return true;
}
