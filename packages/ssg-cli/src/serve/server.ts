import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import type { TrailingSlash } from '../build/context.ts';
import { SsgError } from '../errors.ts';
import { COMMON_HEADERS, REVALIDATE } from '../host/rules.ts';
import { cacheControlOf, contentTypeOf, isCompressible } from './content-types.ts';
import { resolveRequest } from './resolve-request.ts';

export interface ServeOptions {
  /** The build folder. */
  dir: string;
  port?: number;
  host?: string;
  /** Default: what the build used, read from its index.html. */
  trailingSlash?: TrailingSlash;
}

export interface RunningServer {
  url: string;
  dir: string;
  server: Server;
  close(): Promise<void>;
}

/** The trailing-slash rule a build was made with (written on its root element). */
export function trailingSlashOfBuild(dir: string): TrailingSlash {
  const index = path.join(dir, 'index.html');
  const match = existsSync(index)
    ? /data-trailing-slash="(always|never|ignore)"/.exec(readFileSync(index, 'utf8'))
    : null;
  return (match?.[1] as TrailingSlash | undefined) ?? 'always';
}

/** A preview of a build with production URL rules: redirects, 404.html with status 404, cache headers. */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  const dir = path.resolve(options.dir);
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new SsgError('USAGE', `${dir} holds no build (no index.html).`, {
      hint: 'Run `pnpm exec ssg build` first, or pass the folder you built into.',
    });
  }
  const trailingSlash = options.trailingSlash ?? trailingSlashOfBuild(dir);
  const server = createServer((req, res) => handle(dir, trailingSlash, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4173, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`,
    dir,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function handle(
  root: string,
  trailingSlash: TrailingSlash,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const found = resolveRequest(root, req.url ?? '/', trailingSlash);
  if (found.kind === 'bad-request') {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request\n');
    return;
  }
  if (found.kind === 'redirect') {
    // as the generated nginx config: a redirect is revalidated too, never cached for good
    res
      .writeHead(301, { location: found.location, 'cache-control': REVALIDATE, ...COMMON_HEADERS })
      .end();
    return;
  }
  const file = found.kind === 'file' ? found.file : path.join(root, '404.html');
  const status = found.kind === 'file' ? 200 : 404;
  if (!existsSync(file)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return;
  }
  const type = contentTypeOf(file);
  const urlPath = (req.url ?? '/').split('?')[0]!;
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': status === 200 ? cacheControlOf(urlPath) : 'no-cache',
    ...COMMON_HEADERS,
  };
  const gzip =
    isCompressible(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (gzip) {
    headers['content-encoding'] = 'gzip';
    headers.vary = 'Accept-Encoding';
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
}
