// Real: `ssg serve` and `ssg build --force` as child processes (the compiled CLI) on the mini site, node's HTTP client, autocannon, /proc/<pid>/fd. Faked: nothing; large files are written into the served folder.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMini, contentCopy, MINI_CLI_SITE, MINI_CONTENT, must, readJson } from './helpers.ts';

const BIN = path.resolve(import.meta.dirname, '../bin/ssg.mjs');
const AUTOCANNON = path.resolve(
  import.meta.dirname,
  '../../../node_modules/autocannon/autocannon.js',
);
/** Large enough that a download is still running when the test acts on it. */
const BIG = Buffer.alloc(24 * 1024 * 1024, 0x61);

/** Above what 100 connections and their files need, below what 300 leaked descriptors would. */
const FD_LIMIT = 256;

let outDir: string;
let server: { child: ChildProcess; port: number; exit: Promise<string> };

/** `ssg serve DIR` in a child process, once it says where it listens. */
async function startServe(dir: string): Promise<typeof server> {
  // a small descriptor limit, as in a container: running out must cost requests, never the process
  const command = `ulimit -n ${FD_LIMIT} && exec "$0" "$@"`;
  const child = spawn('sh', ['-c', command, process.execPath, BIN, 'serve', dir, '--port', '0'], {
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const exit = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) => resolve(`exit ${code ?? signal}: ${stderr}`)),
  );
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (d) => {
      stdout += d;
      const url = /at (http:\S+)/.exec(stdout)?.[1];
      if (url) resolve(Number(new URL(url).port));
    });
    void exit.then(reject);
  });
  return { child, port, exit };
}

/** Open descriptors of the server process. */
const openFds = () => readdirSync(`/proc/${server.child.pid}/fd`).length;
const alive = () => server.child.exitCode === null && server.child.signalCode === null;

/** A whole GET: its status, or -1 when the connection failed. */
const statusOf = (urlPath: string): Promise<number> =>
  new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: urlPath }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(-1));
    });
    req.on('error', () => resolve(-1));
    req.end();
  });

/** A download the client gives up after its first bytes (a visitor leaving the page). */
const abortedDownload = (urlPath: string): Promise<void> =>
  new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: urlPath }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', () => resolve());
    req.end();
  });

/** A download that waits after its headers until `resume`; then the bytes it got and how it ended. */
function pausedDownload(urlPath: string) {
  let received = 0;
  let announced = -1;
  let status = -1;
  let resumed = false;
  let resume = () => {};
  const started = new Promise<void>((ready) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: urlPath }, (res) => {
      announced = Number(res.headers['content-length']);
      status = res.statusCode ?? 0;
      res.on('data', (chunk: Buffer) => (received += chunk.length));
      // a response that comes after `resume` (it waited for the server) is read at once
      if (resumed) res.resume();
      else res.pause();
      resume = () => res.resume();
      ready();
      res.on('end', () => done('end'));
      res.on('error', () => done('error'));
    });
    req.on('error', () => done('error'));
    // a response that stops short of its length without ending would wait forever
    req.setTimeout(15_000, () => req.destroy());
    req.end();
  });
  let done: (how: 'end' | 'error') => void = () => {};
  const ended = new Promise<{
    how: 'end' | 'error';
    status: number;
    received: number;
    announced: number;
  }>((resolve) => {
    done = (how) => resolve({ how, status, received, announced });
  });
  return {
    started,
    ended,
    resume: () => {
      resumed = true;
      resume();
    },
  };
}

interface LoadResult {
  requests: { total: number };
  non2xx: number;
}

/** One bounded round of autocannon at 100 connections (its CLI prints JSON only when it ends by itself). */
function loadRound(url: string): Promise<LoadResult> {
  const load = spawn(process.execPath, [AUTOCANNON, '-c', '100', '-a', '2000', '-j', url], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let report = '';
  load.stdout?.on('data', (d) => (report += d));
  return new Promise((resolve) => load.on('exit', () => resolve(JSON.parse(report) as LoadResult)));
}

beforeAll(async () => {
  outDir = (await buildMini()).outDir;
  server = await startServe(outDir);
});
afterAll(() => {
  server?.child.kill();
});

describe('ssg serve under churn', () => {
  it('gives back the descriptor of every aborted download', async () => {
    writeFileSync(path.join(outDir, 'aborted.bin'), BIG);
    expect(await statusOf('/')).toBe(200);
    const baseline = openFds();
    for (let batch = 0; batch < 6; batch++) {
      await Promise.all(Array.from({ length: 50 }, () => abortedDownload('/aborted.bin')));
    }
    // 300 downloads aborted: each one's file is closed once its stream is destroyed
    await expect
      .poll(openFds, { timeout: 15_000, interval: 200 })
      .toBeLessThanOrEqual(baseline + 5);
    expect(alive()).toBe(true);
    expect(await statusOf('/')).toBe(200);
  });

  it('ends only the response of a file deleted or replaced while it is sent, and keeps answering', async () => {
    const deleted = path.join(outDir, 'deleted.bin');
    const replaced = path.join(outDir, 'replaced.bin');
    const renamed = path.join(outDir, 'renamed.bin');
    for (const file of [deleted, replaced, renamed]) writeFileSync(file, BIG);
    const downloads = ['/deleted.bin', '/replaced.bin', '/renamed.bin'].map(pausedDownload);
    await Promise.all(downloads.map((d) => d.started));
    rmSync(deleted);
    writeFileSync(replaced, 'shorter now'); // truncated and rewritten in place
    writeFileSync(`${renamed}.new`, 'a new file');
    renameSync(`${renamed}.new`, renamed); // as a build puts files in place
    for (const d of downloads) d.resume();
    const [fromDeleted, fromReplaced, fromRenamed] = await Promise.all(
      downloads.map((d) => d.ended),
    );
    // a file held open keeps its bytes: the visitor gets the whole file it asked for
    const whole = { how: 'end', status: 200, received: BIG.length, announced: BIG.length };
    expect(fromDeleted).toEqual(whole);
    expect(fromRenamed).toEqual(whole);
    // bytes cut short in place: the response is ended as failed, never as a shorter "complete" one
    const cut = must(fromReplaced, 'the replaced download');
    expect(cut.how === 'error' || cut.received === cut.announced).toBe(true);
    expect(alive()).toBe(true);
    expect(await statusOf('/')).toBe(200);

    // requests that start while their file is deleted and written again, many times over
    const churned = path.join(outDir, 'churned.bin');
    const small = Buffer.alloc(1024 * 1024, 0x62);
    let stop = false;
    const churn = (async () => {
      while (!stop) {
        writeFileSync(`${churned}.tmp`, small);
        renameSync(`${churned}.tmp`, churned);
        await new Promise((resolve) => setImmediate(resolve));
        rmSync(churned, { force: true });
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const statuses: number[] = [];
    for (let round = 0; round < 10 && alive(); round++) {
      statuses.push(
        ...(await Promise.all(Array.from({ length: 50 }, () => statusOf('/churned.bin')))),
      );
    }
    stop = true;
    await churn;
    // each request found the file (200) or not (404); none took the server down
    expect(statuses.filter((s) => s !== 200 && s !== 404)).toEqual([]);
    expect(alive()).toBe(true);
    expect(await statusOf('/churned.bin')).toBe(404);
    expect(await statusOf('/')).toBe(200);
  });

  it('answers 503 when it runs out of descriptors, and recovers', async () => {
    // larger than what the sockets' buffers take in, so a paused download keeps its file open
    writeFileSync(path.join(outDir, 'held.bin'), BIG.subarray(0, 8 * 1024 * 1024));
    const baseline = openFds();
    // each download holds a socket and its file: 150 of them need more than the limit allows
    const downloads = Array.from({ length: 150 }, () => pausedDownload('/held.bin'));
    await expect
      .poll(openFds, { timeout: 15_000, interval: 100 })
      .toBeGreaterThanOrEqual(FD_LIMIT - 10);
    for (const d of downloads) d.resume();
    const ended = await Promise.all(downloads.map((d) => d.ended));
    const statuses = ended.map((d) => d.status);
    // the limit was reached: some were turned away (503, or a connection the system refused)
    expect(statuses.filter((s) => s === 503 || s === -1).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503 && s !== -1)).toEqual([]);
    expect(alive()).toBe(true);
    await expect
      .poll(openFds, { timeout: 15_000, interval: 200 })
      .toBeLessThanOrEqual(baseline + 5);
    expect(await statusOf('/')).toBe(200);
  });

  it('keeps answering while `ssg build` swaps a whole new folder in, twice, under 100 connections', async () => {
    // two contents, so each rebuild changes every page and swaps a whole new folder in (without
    // --force: Vite's two bundles for each rebuild proved nothing more, under load all the while)
    const other = contentCopy();
    const site = readJson(path.join(other, 'site.json')) as Record<string, unknown>;
    writeFileSync(path.join(other, 'site.json'), JSON.stringify({ ...site, name: 'Outro nome' }));
    const rebuilds = (async () => {
      const codes: Array<number | null> = [];
      const folders = [readlinkSync(outDir)];
      for (const content of [other, MINI_CONTENT]) {
        const rebuild = spawn(
          process.execPath,
          [BIN, 'build', '--root', MINI_CLI_SITE, '--content', content, '--out', outDir],
          { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } },
        );
        codes.push(await new Promise<number | null>((resolve) => rebuild.on('exit', resolve)));
        folders.push(readlinkSync(outDir));
      }
      return { codes, folders };
    })();
    let building = true;
    void rebuilds.finally(() => (building = false));
    // 100 connections for as long as the rebuilds run, in bounded rounds of 2,000 requests
    const rounds: LoadResult[] = [];
    while (building && alive()) rounds.push(await loadRound(`http://127.0.0.1:${server.port}/`));
    const { codes, folders } = await rebuilds;
    expect(codes).toEqual([0, 0]);
    // a new build folder each time, not a patch of the one served
    expect(new Set(folders).size).toBe(3);
    const result = {
      requests: rounds.reduce((sum, r) => sum + r.requests.total, 0),
      non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    };
    expect(result.requests).toBeGreaterThan(0);
    const state = await Promise.race([server.exit, Promise.resolve(JSON.stringify(result))]);
    expect(alive(), state).toBe(true);
    expect(await statusOf('/')).toBe(200);
    expect(await statusOf('/sobre/')).toBe(200);
  });
});
