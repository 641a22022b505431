/**
 * Load section: autocannon against `ssg serve` and Debian's nginx (with the build's snippet) on
 * 127.0.0.1, for the home page, a page-data file and a 404, each for a fixed time. Run twice:
 * a build without compressed siblings (`--compress none`, the servers compress on the fly) and
 * one with them (the default), so the figures show what the siblings change.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

/** @import { Log } from './types' */
/** @typedef {{ name: string, path: string, status: number }} Target */
/** @typedef {{ url: string, stop(): void }} Running */

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** @type {Target[]} */
const PATHS = [
  { name: 'home /', path: '/', status: 200 },
  { name: 'page-data', path: '/page-data/index/page-data.json', status: 200 },
  { name: '404', path: '/nao-existe/', status: 404 },
];

async function freePort() {
  const server = createServer();
  await new Promise((/** @type {(value?: unknown) => void} */ resolve) =>
    server.listen(0, '127.0.0.1', resolve),
  );
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Polls until the server answers, so the measured time holds no start-up.
 * @param {string} url
 */
async function ready(url) {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(url).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`${url} did not answer within 10 s`);
}

/**
 * @param {string} repoRoot
 * @param {string} dir
 * @returns {Promise<Running & { pid: number | undefined }>}
 */
async function startSsgServe(repoRoot, dir) {
  const port = await freePort();
  const bin = join(repoRoot, 'packages', 'ssg-cli', 'bin', 'ssg.mjs');
  const child = spawn(
    process.execPath,
    [bin, 'serve', dir, '--port', String(port), '--strict-port'],
    {
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await ready(`${url}/`);
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/**
 * @param {string} dir
 * @returns {Promise<Running>}
 */
async function startNginx(dir) {
  if (!existsSync(NGINX)) throw new Error(`nginx is not at ${NGINX} (set NGINX_PATH)`);
  const prefix = mkdtempSync(join(os.tmpdir(), 'ssg-load-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const port = await freePort();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((k) => `  ${k}_temp_path ${prefix}/${k};`)
    .join('\n');
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `daemon off;
worker_processes auto;
user root;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  # nginx closes a connection after 1,000 requests (a reset for the request in flight on it);
  # 20 connections at thousands of req/s reach that within the run, browsers never do
  keepalive_requests 1000000;
${temp}
  sendfile on;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    include ${dir}/_ssg-host/nginx.conf;
  }
}
`,
  );
  const child = spawn(NGINX, ['-c', join(prefix, 'nginx.conf'), '-p', prefix], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await ready(`${url}/`);
  return {
    url,
    stop: () => {
      child.kill('SIGQUIT');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * One autocannon run; errors are socket errors and timeouts, and answers with another status.
 * @param {string} url
 * @param {Target} target
 * @param {number} seconds
 * @param {number} connections
 */
async function hit(url, target, seconds, connections) {
  let wrongStatus = 0;
  const result = await autocannon({
    url: `${url}${target.path}`,
    duration: seconds,
    connections,
    headers: { 'accept-encoding': 'br, gzip' },
    setupClient: (client) =>
      client.on('response', (status) => {
        if (status !== target.status) wrongStatus++;
      }),
  });
  return {
    path: target.name,
    rps: Math.round(result.requests.average),
    p99ms: result.latency.p99,
    kbPerRequest:
      Math.round(result.throughput.average / Math.max(1, result.requests.average) / 102.4) / 10,
    errors: result.errors + result.timeouts + wrongStatus,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    wrongStatus,
    requests: result.requests.total,
  };
}

/**
 * @param {{ benchDir: string, repoRoot: string, seconds?: number, connections?: number,
 *   log: Log }} options
 */
export async function runLoad({ benchDir, repoRoot, seconds = 5, connections = 20, log }) {
  const bin = join(repoRoot, 'packages', 'ssg-cli', 'bin', 'ssg.mjs');
  /**
   * @type {(Awaited<ReturnType<typeof hit>>
   *   & { server: string, siblings: boolean, load: string })[]}
   */
  const rows = [];
  for (const compress of ['none', 'auto']) {
    const dir = join(benchDir, 'load', `dist-${compress}`);
    const built = spawnSync(
      process.execPath,
      [bin, 'build', '--out', dir, '--compress', compress],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    if (built.status !== 0) throw new Error(`the clinic build failed:\n${built.stderr}`);
    /** @type {[server: string, start: () => Promise<Running>][]} */
    const servers = [
      ['ssg serve', () => startSsgServe(repoRoot, dir)],
      ['nginx', () => startNginx(dir)],
    ];
    for (const [server, start] of servers) {
      const running = await start();
      try {
        for (const target of PATHS) {
          const measured = await hit(running.url, target, seconds, connections);
          const row = {
            server,
            siblings: compress !== 'none',
            ...measured,
            load: (os.loadavg()[0] ?? Number.NaN).toFixed(2),
          };
          rows.push(row);
          log(
            `  ${server.padEnd(9)} ${compress === 'none' ? 'on the fly' : 'siblings  '} ${row.path.padEnd(9)} ${String(row.rps).padStart(6)} req/s  p99 ${row.p99ms} ms  ${row.kbPerRequest} kB/req  errors ${row.errors}${row.errors ? ` (socket ${row.socketErrors}, timeouts ${row.timeouts}, status ${row.wrongStatus})` : ''}  (load ${row.load})`,
          );
        }
      } finally {
        running.stop();
      }
    }
  }
  return { seconds, connections, rows };
}
