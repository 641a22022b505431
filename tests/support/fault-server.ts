// A static server for a built site that injects faults on chosen URLs and records every request.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface Recorded {
  method: string;
  path: string;
  status: number;
}

/** What a fault answers; `undefined` lets the real file through; status 0 drops the connection. */
export interface FaultAnswer {
  status: number;
  body?: string;
  type?: string;
}

/** `n` counts the requests this fault has seen (0 for the first). */
export type Fault = (
  request: { method: string; path: string },
  n: number,
) => FaultAnswer | undefined;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

export interface FaultServer {
  url: string;
  requests: Recorded[];
  /** Adds a fault for one path (exact) or every path a RegExp matches. */
  fault(match: string | RegExp, answer: Fault): void;
  /** Rewrites the text of a file as served (e.g. a new compilation hash). */
  rewrite(match: string | RegExp, transform: (text: string) => string): void;
  /** Drops faults, rewrites and the request log. */
  reset(): void;
  close(): Promise<void>;
}

const matches = (m: string | RegExp, p: string) => (typeof m === 'string' ? m === p : m.test(p));

/** Serves `dir` on 127.0.0.1 like a static host: `/a/` → a/index.html, unknown → 404.html with 404. */
export async function startFaultServer(dir: string): Promise<FaultServer> {
  let faults: Array<{ match: string | RegExp; answer: Fault; n: number }> = [];
  let rewrites: Array<{ match: string | RegExp; transform: (t: string) => string }> = [];
  const requests: Recorded[] = [];

  const fileFor = (p: string): string | undefined => {
    const safe = path.normalize(decodeURIComponent(p)).replace(/^(\.\.[/\\])+/, '');
    for (const c of [safe, path.join(safe, 'index.html'), `${safe}.html`]) {
      const file = path.join(dir, c);
      if (file.startsWith(dir) && existsSync(file) && statSync(file).isFile()) return file;
    }
  };

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: Buffer | string,
    type: string,
  ) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server = createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    const method = req.method ?? 'GET';
    const record = (status: number) => requests.push({ method, path: p, status });
    for (const f of faults) {
      if (!matches(f.match, p)) continue;
      const answer = f.answer({ method, path: p }, f.n++);
      if (answer) {
        record(answer.status);
        if (answer.status === 0) return void req.socket.destroy(); // a network error
        return send(req, res, answer.status, answer.body ?? '', answer.type ?? 'text/plain');
      }
    }
    const file = fileFor(p);
    if (!file) {
      record(404);
      return send(
        req,
        res,
        404,
        readFileSync(path.join(dir, '404.html')),
        TYPES['.html'] ?? 'text/html',
      );
    }
    let body: Buffer | string = readFileSync(file);
    for (const r of rewrites) if (matches(r.match, p)) body = r.transform(body.toString('utf8'));
    record(200);
    send(req, res, 200, body, TYPES[path.extname(file)] ?? 'application/octet-stream');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fault: (match, answer) => void faults.push({ match, answer, n: 0 }),
    rewrite: (match, transform) => void rewrites.push({ match, transform }),
    reset() {
      faults = [];
      rewrites = [];
      requests.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
