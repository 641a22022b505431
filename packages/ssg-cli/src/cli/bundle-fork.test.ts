// Real: `ssg build`'s command (its arguments, switches and the check for the framework's caches) and the bundler that takes Vite's process. Faked: fork (a stand-in child, no process) and the build's code (build.ts records what was forked when it loaded, then stops the build).
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBundler } from '../bundle/process.ts';
import { SsgError } from '../errors.ts';
import type { BuildSwitches } from '../switches.ts';

/** A child that says "ready", answers each job with a server bundle, and ends when told. */
function standInChild(): ChildProcess & { jobs: unknown[] } {
  const child = Object.assign(new EventEmitter(), {
    jobs: [] as unknown[],
    pid: 4242,
    connected: true,
    exitCode: null as number | null,
    signalCode: null,
    stdout: new PassThrough(),
    send(job: unknown) {
      child.jobs.push(job);
      setImmediate(() => child.emit('message', { kind: 'server', server: { job } }));
      return true;
    },
    disconnect() {
      child.connected = false;
    },
    kill() {
      child.exitCode = 0;
      setImmediate(() => child.emit('exit', 0, null));
      return true;
    },
  });
  setImmediate(() => child.emit('message', { kind: 'ready' }));
  return child as unknown as ChildProcess & { jobs: unknown[] };
}

const seen = vi.hoisted(() => ({
  forks: [] as string[],
  forksWhenBuildLoaded: undefined as number | undefined,
  switches: undefined as BuildSwitches | undefined,
}));

vi.mock('node:child_process', async (original) => {
  const actual = await original<typeof import('node:child_process')>();
  return {
    ...actual,
    fork: vi.fn((file: string) => {
      seen.forks.push(String(file));
      return standInChild();
    }),
  };
});

vi.mock('../build.ts', () => {
  seen.forksWhenBuildLoaded = seen.forks.length;
  return {
    buildWith: vi.fn(async (_options: unknown, switches: BuildSwitches) => {
      seen.switches = switches;
      throw new SsgError('CONFIG', 'Stopped by the test.');
    }),
  };
});

const bundleForks = () => seen.forks.filter((f) => /bundle[/\\]child\.(ts|js)$/.test(f)).length;
const io = (cwd: string) => ({
  stdout: { write: () => true },
  stderr: { write: () => true },
  env: { NODE_ENV: 'production' },
  cwd,
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const siteFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ssg-fork-'));
  dirs.push(dir);
  return dir;
};

describe('ssg build and Vite’s process', () => {
  it('starts Vite’s process before the build’s code loads when the site holds none of the framework’s caches, and hands it to the build', async () => {
    const { main } = await import('../cli.ts');
    const root = siteFolder();
    expect(await main(['build', '--root', root], io(root))).toBe(1);
    expect(seen.forksWhenBuildLoaded).toBe(1);
    expect(bundleForks()).toBe(1);
    expect(seen.switches?.bundleChild).toBeDefined();
    await startBundler({ forked: seen.switches?.bundleChild }).stop();
  });

  it('starts none ahead when the site holds the framework’s caches (its bundles may be reused), nor with SSG_BUNDLE_PROCESS=0', async () => {
    const { main } = await import('../cli.ts');
    const root = siteFolder();
    mkdirSync(path.join(root, 'node_modules', '.ssg'), { recursive: true });
    const before = bundleForks();
    expect(await main(['build', '--root', root], io(root))).toBe(1);
    expect(seen.switches?.bundleChild).toBeUndefined();
    const fresh = siteFolder();
    const env = { ...io(fresh), env: { NODE_ENV: 'production', SSG_BUNDLE_PROCESS: '0' } };
    expect(await main(['build', '--root', fresh], env)).toBe(1);
    expect(seen.switches?.bundleChild).toBeUndefined();
    expect(bundleForks()).toBe(before);
  });

  it('the bundler sends its jobs to the process forked ahead, whose "ready" came before it was taken, and ends one no job came to', async () => {
    const { forkBundleChild } = await import('../bundle/fork-child.ts');
    const forked = forkBundleChild();
    await forked.listening; // "ready" already sent: nobody listens for it any more
    const before = bundleForks();
    const bundler = startBundler({ forked });
    const site = { root: '/site', files: { packageDir: '/site' } } as Parameters<
      typeof bundler.server
    >[0];
    await expect(bundler.server(site)).resolves.toEqual({ job: { kind: 'server', ...site } });
    await bundler.stop();
    expect(bundleForks()).toBe(before); // no second process
    expect(forked.process.exitCode).toBe(0);

    const unused = forkBundleChild();
    await startBundler({ forked: unused }).stop();
    expect(unused.process.connected).toBe(false);
    expect(unused.process.exitCode).toBe(0);
  });

  it('a process that could not start fails the first job with BUNDLE_FAILED instead of leaving the build waiting', async () => {
    // spawn failed (e.g. EAGAIN): Node emits 'error', never 'exit', and the child has no pid
    const failed = Object.assign(new EventEmitter(), {
      pid: undefined,
      connected: false,
      exitCode: null,
      signalCode: null,
      send: () => false,
      disconnect() {},
      kill: () => false,
    }) as unknown as ChildProcess;
    // as forkBundleChild hears it, long before the bundler takes the child
    failed.once('error', () => {});
    failed.emit('error', new Error('spawn EAGAIN'));
    const bundler = startBundler({ forked: { process: failed, listening: Promise.resolve() } });
    const site = { root: '/site', files: { packageDir: '/site' } } as Parameters<
      typeof bundler.server
    >[0];
    await expect(bundler.server(site)).rejects.toMatchObject({
      code: 'BUNDLE_FAILED',
      message: expect.stringContaining('could not start'),
    });
    await bundler.stop();
  });
});
