// `ssg serve`: an HTTP server for a build folder, with the headers the host config writes.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { SsgError } from '../errors.ts';
import { type PackageManager, ssgCommand } from '../shared/package-manager.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import { createHandler } from './handler.ts';
import { listenOnFreePort } from './listen.ts';

export interface ServeOptions {
  /** The build folder. */
  dir: string;
  /** Default 4173; 0 lets the system choose. When taken, the next free port (up to 9 more) is used. */
  port?: number;
  /** Fail with a USAGE error instead of trying the next port when `port` is taken. Default false. */
  strictPort?: boolean;
  /** Address to listen on. Default `127.0.0.1`; `true` or `0.0.0.0` listens on every address. */
  host?: ServeHost;
  /** Default: what the build used, read from its index.html. */
  trailingSlash?: TrailingSlash;
}

/** An address (`127.0.0.1`, `::1`, `0.0.0.0`) or `true` for every address. */
export type ServeHost = string | boolean;

export interface RunningServer {
  /** `http://127.0.0.1:4174/`; `localhost` when listening on every address. */
  url: string;
  dir: string;
  /** The port listened on: `requestedPort`, or the next free one when that was taken. */
  port: number;
  /** The port asked for (`options.port`, default 4173). */
  requestedPort: number;
  server: Server;
  close(): Promise<void>;
}

/** The trailing-slash rule a build was made with (written on its root element). */
function trailingSlashOfBuild(dir: string): TrailingSlash {
  const index = path.join(dir, 'index.html');
  const match = existsSync(index)
    ? /data-trailing-slash="(always|never|ignore)"/.exec(readFileSync(index, 'utf8'))
    : null;
  return (match?.[1] as TrailingSlash | undefined) ?? 'always';
}

const EVERY_ADDRESS = new Set(['0.0.0.0', '::']);

/** What `listen` takes: `undefined` is every address (IPv6 and IPv4). */
const listenHostOf = (host: ServeHost | undefined): string | undefined =>
  host === true ? undefined : host === undefined || host === false ? '127.0.0.1' : host;

function urlOf(host: string | undefined, port: number): string {
  const name = host === undefined || EVERY_ADDRESS.has(host) ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}/`;
}

/** A preview of a build with production URL rules: redirects, 404.html with status 404, cache headers. */
export function serve(options: ServeOptions): Promise<RunningServer> {
  return serveWith(options, 'npm');
}

/** `serve`, its hints naming the commands as `manager` runs them (the CLI's). */
export async function serveWith(
  options: ServeOptions,
  manager: PackageManager,
): Promise<RunningServer> {
  const dir = path.resolve(options.dir);
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new SsgError('USAGE', `${dir} holds no build (no index.html).`, {
      hint: `Run \`${ssgCommand(manager, 'build')}\` first, or pass the folder you built into.`,
    });
  }
  const trailingSlash = options.trailingSlash ?? trailingSlashOfBuild(dir);
  const server = createServer(createHandler(dir, trailingSlash));
  const requestedPort = options.port ?? 4173;
  const host = listenHostOf(options.host);
  const port = await listenOnFreePort(server, {
    port: requestedPort,
    host,
    strictPort: options.strictPort ?? false,
  });
  return {
    url: urlOf(host, port),
    dir,
    port,
    requestedPort,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
