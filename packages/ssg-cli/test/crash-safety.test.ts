// Real: the `ssg` command in child processes on the mini site, SIGKILL, a tmpfs, a read-only bind mount. Faked: the moment of each kill, EACCES and EIO (SSG_FAULT).
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  besideOutput,
  contentCopy,
  MINI_CLI_SITE,
  MINI_CONTENT,
  snapshot,
  tempDir,
} from './helpers.ts';

const BIN = path.resolve(import.meta.dirname, '../bin/ssg.mjs');
type Run = { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

const args = (content: string, out: string) => [
  BIN,
  'build',
  '--root',
  MINI_CLI_SITE,
  '--content',
  content,
  '--out',
  out,
];
const env = (fault?: string, more: Record<string, string> = {}) => {
  const { SSG_FAULT: _f, FORCE_COLOR: _c, ...rest } = process.env;
  return { ...rest, NO_COLOR: '1', ...(fault ? { SSG_FAULT: fault } : {}), ...more };
};
const ssgBuild = (
  content: string,
  out: string,
  fault?: string,
  more?: Record<string, string>,
): Run =>
  spawnSync(process.execPath, args(content, out), {
    encoding: 'utf8',
    env: env(fault, more),
    // a build that never ends fails its test instead of holding the run (spawnSync blocks timers)
    timeout: 120_000,
    killSignal: 'SIGKILL',
  });
/** The same, not waiting: for two builds at once. */
const ssgBuildAsync = (content: string, out: string, fault?: string) => {
  const child = spawn(process.execPath, args(content, out), { env: env(fault) });
  const run = { status: null, signal: null, stdout: '', stderr: '' } as Run;
  child.stdout.on('data', (d) => (run.stdout += d));
  child.stderr.on('data', (d) => (run.stderr += d));
  const done = new Promise<Run>((resolve) =>
    child.on('close', (status, signal) => resolve(Object.assign(run, { status, signal }))),
  );
  return { run, done };
};

/**
 * Waits (without a fixed time) until only the output is left beside it: its build folder and the
 * previous one (kept until the next build starts), no staging folder, link or lock.
 */
const onlyOutputLeft = (out: string) =>
  expect
    .poll(
      () => {
        const { previous, other } = besideOutput(out);
        return { other, atMostOnePrevious: previous.length <= 1 };
      },
      { timeout: 15_000, interval: 100 },
    )
    .toEqual({ other: [], atMostOnePrevious: true });

// Content A is built first; every killed build builds content B (another site name) over it.
let contentB: string;
let base: string; // a folder holding the build of A
let before: Record<string, string>; // A's output
let after: Record<string, string>; // B built over A, uninterrupted
let afterDir: string; // the folder holding that build of B over A, as the build left it
/** A's output as a real folder: what an output is before its first build with links. */
const place = (into = tempDir()) => {
  const out = path.join(into, 'out');
  cpSync(base, out, { recursive: true, dereference: true });
  return out;
};
/** A's output as a build leaves it: a link to a build folder beside it. */
const placeLinked = () => {
  const into = tempDir();
  cpSync(base, path.join(into, '.out.build-000000000000000'), {
    recursive: true,
    dereference: true,
  });
  symlinkSync('.out.build-000000000000000', path.join(into, 'out'));
  return path.join(into, 'out');
};

beforeAll(() => {
  contentB = contentCopy();
  const site = JSON.parse(readFileSync(path.join(contentB, 'site.json'), 'utf8'));
  writeFileSync(path.join(contentB, 'site.json'), JSON.stringify({ ...site, name: 'Outro nome' }));
  // in folders that do not exist yet: the output lock's test below reads what this build left
  base = path.join(tempDir(), 'a', 'b', 'out');
  const first = ssgBuild(MINI_CONTENT, base);
  expect(first.status, first.stderr).toBe(0);
  before = snapshot(base);
  const ref = place();
  expect(ssgBuild(contentB, ref).status).toBe(0);
  after = snapshot(ref);
  afterDir = path.dirname(ref);
  expect(after).not.toEqual(before);
}, 60_000);

describe('ssg build killed with SIGKILL', () => {
  /** The names beside `out` that a kill left there (none were there before it). */
  const newBeside = (out: string, before: string[]) =>
    readdirSync(path.dirname(out)).filter((name) => !before.includes(name));
  /** Kills a build of B at `point` into `out`, and says what was left beside it. */
  const killAt = (out: string, point: string) => {
    const beside = readdirSync(path.dirname(out));
    const killed = ssgBuild(contentB, out, point);
    expect(killed.signal).toBe('SIGKILL');
    return newBeside(out, beside);
  };
  // output before the build, the points killed in a row on one output → what the output path
  // holds right after each kill; then one build must mend what all the kills left beside it
  const chains = [
    ['a link', placeLinked, ['render', 'write', 'before-swap', 'mid-swap'], 'after-swap'],
    ['a real folder', place, ['before-swap', 'mid-swap'], 'after-swap'],
  ] as const;
  describe.each(chains)('into %s', (_, placed, keepPrevious, swapped) => {
    let out: string;
    beforeAll(() => {
      out = placed();
    });
    it.each(keepPrevious)(
      'at "%s" leaves the previous output, and something beside it',
      (point) => {
        // something was left beside the output: this is what the last build must clean up
        expect(killAt(out, point).length).toBeGreaterThan(0);
        expect(snapshot(out)).toEqual(before);
      },
    );
    it(`at "${swapped}" leaves the new output`, () => {
      expect(killAt(out, swapped).length).toBeGreaterThan(0);
      expect(snapshot(out)).toEqual(after);
    });
    it('then the next build succeeds and removes the leftovers of every kill', async () => {
      const next = ssgBuild(contentB, out);
      expect(next.status, next.stderr).toBe(0);
      expect(snapshot(out)).toEqual(after);
      await onlyOutputLeft(out);
    });
  });

  // the one moment of the one-time conversion (two renames, ~50 µs) when the path is missing
  it('into a real folder, at "mid-convert" leaves nothing until the next build, which succeeds and removes the leftovers', async () => {
    const out = place();
    expect(killAt(out, 'mid-convert').length).toBeGreaterThan(0);
    expect(existsSync(out)).toBe(false);
    const next = ssgBuild(contentB, out);
    expect(next.status, next.stderr).toBe(0);
    expect(snapshot(out)).toEqual(after);
    await onlyOutputLeft(out);
  });
});

describe('no sequence of kills and failed builds deletes the last good build', () => {
  it.each([
    ['a link', 'mid-swap', placeLinked],
    ['a real folder', 'mid-convert', place],
  ])(
    'into %s: killed at "%s", the output made again as an empty folder, then a failing build: a whole build is served',
    async (_, point, placed) => {
      const out = placed();
      expect(ssgBuild(contentB, out, point).signal).toBe('SIGKILL');
      // someone "resets" the output: `rm -rf` removes the link (or nothing), `mkdir` makes it empty
      rmSync(out, { recursive: true, force: true });
      mkdirSync(out);
      const broken = contentCopy();
      writeFileSync(path.join(broken, 'site.json'), '{ "name": "quebrado", ');
      const failed = ssgBuild(broken, out);
      expect(failed.status).toBe(1);
      expect(failed.stderr).toContain('[CONTENT_INVALID]');
      // the newest whole build (the killed one had finished its folder) was put back first
      expect(failed.stdout + failed.stderr).toMatch(/held no build: the newest whole build/);
      expect(snapshot(out)).toEqual(after);
      // and a good build after all that is whole, with only its previous build beside it
      const next = ssgBuild(MINI_CONTENT, out);
      expect(next.status, next.stderr).toBe(0);
      expect(snapshot(out)['index.html']).toEqual(before['index.html']);
      await onlyOutputLeft(out);
    },
    90_000,
  );
});

describe('an error after the swap', () => {
  it('(EIO) exits 1 with SWAP_FAILED, saying the output holds the new build, which it does', async () => {
    const out = placeLinked();
    const run = ssgBuild(contentB, out, 'after-swap:EIO');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ssg: [SWAP_FAILED] Putting the new build in place of');
    expect(run.stderr).toContain('EIO');
    expect(run.stderr).toContain('The output holds the new build, whole');
    expect(snapshot(out)).toEqual(after);
    const next = ssgBuild(contentB, out);
    expect(next.status, next.stderr).toBe(0);
    expect(snapshot(out)).toEqual(after);
    await onlyOutputLeft(out);
  }, 60_000);

  it('(EIO) before the output is replaced exits 1 with SWAP_FAILED, saying the previous build is untouched', () => {
    const out = placeLinked();
    const run = ssgBuild(contentB, out, 'mid-swap:EIO');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('[SWAP_FAILED]');
    expect(run.stderr).toContain('The output still holds the previous build, untouched.');
    expect(snapshot(out)).toEqual(before);
  }, 60_000);
});

describe('two builds into one folder at once', () => {
  it('run one after the other: the second says it waits, and the output is the second build, whole', async () => {
    const out = place();
    // the first holds the lock, staging complete, until the second has said that it waits
    const release = path.join(tempDir(), 'release');
    const first = ssgBuildAsync(contentB, out, `before-swap:until=${release}`);
    const lock = path.join(path.dirname(out), `.${path.basename(out)}.lock`);
    await expect.poll(() => existsSync(lock), { timeout: 30_000, interval: 20 }).toBe(true);
    const second = ssgBuildAsync(MINI_CONTENT, out);
    try {
      await expect
        .poll(() => second.run.stderr, { timeout: 30_000, interval: 20 })
        .toMatch(/Waiting for the build of process \d+ into .*out to finish/);
    } finally {
      writeFileSync(release, ''); // a failed wait never leaves the first build held
    }
    const [a, b] = await Promise.all([first.done, second.done]);
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    // the output is the second build, whole: compared with the same two builds in turn (the
    // first of them is beforeAll's B over A, copied with its links)
    const ref = path.join(tempDir(), 'ref');
    cpSync(afterDir, ref, { recursive: true, verbatimSymlinks: true });
    expect(ssgBuild(MINI_CONTENT, path.join(ref, 'out')).status).toBe(0);
    expect(snapshot(path.join(ref, 'out'))).toEqual(snapshot(out));
    await onlyOutputLeft(out);
  }, 90_000);
});

describe('the output lock', () => {
  it('is taken in folders that do not exist yet, and is gone after the build', () => {
    // the first build of A (beforeAll) went into a/b/out below a new folder
    expect(besideOutput(base)).toMatchObject({ previous: [], other: [] });
  });
});

describe('an output folder that cannot be written', () => {
  const mounts: string[] = [];
  afterAll(() => {
    for (const dir of mounts.reverse()) spawnSync('umount', [dir]);
  });
  /** Mounts as root; tests that need it are skipped where mounting is not allowed. */
  const mount = (...mountArgs: string[]): boolean => {
    const ok = spawnSync('mount', mountArgs).status === 0;
    if (ok) mounts.push(mountArgs.at(-1) as string);
    return ok;
  };

  it('a full disk (ENOSPC on a small tmpfs) fails with the clear message and leaves the old output untouched', async (t) => {
    const disk = tempDir();
    // room for the previous output and little more: the new build cannot fit beside it
    const used = Number(
      spawnSync('du', ['-skL', base], { encoding: 'utf8' }).stdout.split('\t')[0],
    );
    const size = used + 64;
    if (!mount('-t', 'tmpfs', '-o', `size=${size}k`, 'tmpfs', disk)) return t.skip();
    const out = place(disk);
    const run = ssgBuild(contentB, out);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ssg: [EMIT_FAILED] Writing the output failed: ENOSPC');
    expect(run.stderr).toContain('the previous output was left untouched');
    expect(snapshot(out)).toEqual(before);
    await onlyOutputLeft(out);
  }, 60_000);

  it('a read-only parent folder (a read-only bind mount) fails with the clear message, output untouched', async (t) => {
    const parent = tempDir();
    const out = place(parent);
    if (!mount('--bind', '-o', 'ro', parent, parent)) return t.skip();
    const run = ssgBuild(contentB, out);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ssg: [EMIT_FAILED] Writing the output failed: EROFS');
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(parent)).toEqual(['out']);
  }, 60_000);

  // the mini site's few files are written on the build's thread; a large site's on a thread of
  // their own (SSG_WRITE_THREAD=1 forces it here)
  it.each([
    ['', '0'],
    [' on the writer thread', '1'],
  ])(
    'EACCES while writing%s (injected: root may write anywhere) fails with the clear message, output untouched',
    async (_, thread) => {
      const out = place();
      mkdirSync(path.join(path.dirname(out), 'unrelated'));
      const run = ssgBuild(contentB, out, 'write:EACCES', { SSG_WRITE_THREAD: thread });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('ssg: [EMIT_FAILED] Writing the output failed: EACCES');
      expect(run.stderr).toContain('Check that the output folder is writable');
      expect(snapshot(out)).toEqual(before);
      await expect
        .poll(() => readdirSync(path.dirname(out)).sort(), { timeout: 15_000, interval: 100 })
        .toEqual(['out', 'unrelated']);
    },
    60_000,
  );
});
