/**
 * Runs a command as a child process and measures its wall time and the peak memory of its
 * whole process tree (Gatsby and Astro start workers; a single process would under-count).
 *
 * Memory: every 50 ms the VmRSS of each process of the tree is read, and the tree itself is
 * re-listed through /proc every 250 ms (parent ids from /proc/<pid>/stat; listing is the
 * costly part, and on 2 cores the sampler must stay cheap). The peak is the larger of (a) the
 * highest sampled sum of VmRSS over the tree and (b) the highest VmHWM (the kernel's exact
 * per-process peak) seen for any one process.
 *
 * Bytes written: the command runs under a small `sh` that, once the command has ended, copies
 * its own /proc/<pid>/io to a file. The kernel adds a reaped child's I/O counters to its parent,
 * so that file holds what the whole tree wrote (`write_bytes`: bytes sent towards storage;
 * `wchar`: bytes passed to write(), pipes and terminals included), except processes that
 * detached from the tree (ours deletes the previous output that way, after the swap).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** @import { Measured } from './types' */

// Runs "$@", then saves the shell's I/O counters (its reaped children's included) to $1.
const IO_WRAPPER = 'f=$1; shift; "$@"; s=$?; cat /proc/$$/io > "$f" 2>/dev/null; exit $s';

/**
 * `{ writeBytes, wchar }` from a saved /proc/<pid>/io, or null when it was not written.
 * @param {string} file
 */
function readIo(file) {
  try {
    const text = readFileSync(file, 'utf8');
    const field = (/** @type {string} */ name) =>
      Number(new RegExp(`^${name}: (\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN);
    return { writeBytes: field('write_bytes'), wchar: field('wchar') };
  } catch {
    return null;
  } finally {
    rmSync(file, { force: true });
  }
}

/** @param {number} pid */
function readStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = /VmRSS:\s+(\d+) kB/.exec(text);
    const hwm = /VmHWM:\s+(\d+) kB/.exec(text);
    return { rss: rss ? Number(rss[1]) * 1024 : 0, hwm: hwm ? Number(hwm[1]) * 1024 : 0 };
  } catch {
    return null; // the process ended between listing and reading
  }
}

/**
 * Short name of a process: its executable and the script it runs, e.g. `node ssg-build.mjs`.
 * @param {number} pid
 */
function commandName(pid) {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const base = (/** @type {string} */ p) => p.split('/').pop();
    const script = argv.slice(1).find((a) => !a.startsWith('-'));
    return [base(argv[0] ?? '?'), script ? base(script) : ''].join(' ').trim();
  } catch {
    return '?';
  }
}

/** pid → parent pid for every process visible now. */
function parents() {
  /** @type {Map<number, number>} */
  const map = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: parse after the last ')'.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      map.set(Number(name), Number(rest[1]));
    } catch {}
  }
  return map;
}

/** @param {number} root */
function tree(root) {
  const ppid = parents();
  const pids = [root];
  for (let i = 0; i < pids.length; i++) {
    for (const [pid, parent] of ppid) if (parent === pids[i]) pids.push(pid);
  }
  return pids;
}

let ioFiles = 0;
// Process groups of the commands running now: the tools run detached, so Ctrl-C must end them.
/** @type {Set<number>} */
const running = new Set();
process.once('SIGINT', () => {
  for (const pid of running)
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  process.exit(130);
});

/**
 * Runs `cmd args` in `cwd`; resolves `{ ok, code, ms, peakBytes, writeBytes, wchar, timedOut }`.
 * Output goes to `logFile` (appended), never to the terminal. Never rejects: a failure is
 * `ok: false`. After `timeoutMs` the whole process group is killed and `timedOut` is true.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string>, logFile?: string,
 *   timeoutMs?: number }} [options]
 * @returns {Promise<Measured>}
 */
export function runMeasured(cmd, args, { cwd, env, logFile, timeoutMs = 15 * 60_000 } = {}) {
  return new Promise((resolve) => {
    const log = logFile ? createWriteStream(logFile, { flags: 'a' }) : null;
    log?.write(`\n$ (cd ${cwd} && ${cmd} ${args.join(' ')})\n`);
    const started = performance.now();
    const ioFile = join(tmpdir(), `bench-io-${process.pid}-${ioFiles++}`);
    let child;
    try {
      // Own process group, so a timeout can end the tool's workers along with it.
      child = spawn('/bin/sh', ['-c', IO_WRAPPER, 'sh', ioFile, cmd, ...args], {
        cwd,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
    } catch (err) {
      resolve({
        ok: false,
        code: null,
        ms: 0,
        peakBytes: 0,
        writeBytes: Number.NaN,
        wchar: Number.NaN,
        timedOut: false,
        processes: [],
        error: String(err),
      });
      return;
    }
    const pid = child.pid;
    if (pid) running.add(pid);
    let tail = '';
    const keep = (/** @type {Buffer} */ chunk) => {
      log?.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let peakSum = 0;
    /** @type {Map<number, number>} */
    const hwm = new Map();
    /** @type {Map<number, string>} */
    const names = new Map();
    /** @type {number[]} */
    let pids = [];
    let ticks = 0;
    const sample = () => {
      if (!pid) return;
      if (ticks++ % 5 === 0) pids = tree(pid);
      let sum = 0;
      for (const pid of pids) {
        const s = readStatus(pid);
        if (!s) continue;
        sum += s.rss;
        hwm.set(pid, Math.max(hwm.get(pid) ?? 0, s.hwm));
        if (!names.has(pid)) names.set(pid, commandName(pid));
      }
      peakSum = Math.max(peakSum, sum);
    };
    const timer = setInterval(sample, 50);
    let timedOut = false;
    const killer = setTimeout(() => {
      timedOut = true;
      tail += `\n[bench] timed out after ${timeoutMs / 1000} s; killed.`;
      try {
        if (pid) process.kill(-pid, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    /** @type {Error | null} */
    let spawnError = null;
    child.on('error', (err) => {
      spawnError = err;
    });
    child.on('close', (code) => {
      if (pid) running.delete(pid);
      const ms = performance.now() - started;
      clearInterval(timer);
      clearTimeout(killer);
      log?.end(`\n[bench] exit ${code} after ${(ms / 1000).toFixed(2)} s\n`);
      const peakBytes = Math.max(peakSum, ...hwm.values(), 0);
      const ok = code === 0 && !spawnError && !timedOut;
      const io = readIo(ioFile);
      // Per-process peaks, largest first: which process of the tree holds the memory.
      const processes = [...hwm]
        .map(([pid, bytes]) => ({ pid, name: names.get(pid), peakBytes: bytes }))
        .sort((a, b) => b.peakBytes - a.peakBytes)
        .slice(0, 6);
      resolve({
        ok,
        code,
        ms,
        peakBytes,
        writeBytes: io?.writeBytes ?? Number.NaN,
        wchar: io?.wchar ?? Number.NaN,
        timedOut,
        processes,
        error: ok
          ? undefined
          : spawnError
            ? String(spawnError)
            : tail.trim().split('\n').slice(-15).join('\n'),
      });
    });
  });
}

/**
 * The median of the finite values (NaN when there is none).
 * @param {(number | null | undefined)[]} values
 */
export function median(values) {
  /** @type {number[]} */
  const v = [];
  for (const x of values) if (typeof x === 'number' && Number.isFinite(x)) v.push(x);
  v.sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const mid = Math.floor(v.length / 2);
  const upper = v[mid] ?? Number.NaN;
  return v.length % 2 ? upper : ((v[mid - 1] ?? Number.NaN) + upper) / 2;
}
