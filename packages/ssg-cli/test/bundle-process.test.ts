// Real: build() of the mini fixture site (a copy of its own where Vite must run), and its bundler, with Vite in this process and in a child process. Faked: nothing (fork is wrapped only to count the bundle processes).
import { fork } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { filesOf } from '../src/bundle/client.ts';
import { startBundler } from '../src/bundle/index.ts';
import { siteFilesOf } from '../src/bundle/vite-config.ts';
import { buildMini, listFiles, MINI_SITE, miniSiteCopy, snapshot, tempDir } from './helpers.ts';

// every fork still happens; the test only counts Vite's
vi.mock('node:child_process', async (original) => {
  const actual = await original<typeof import('node:child_process')>();
  return { ...actual, fork: vi.fn(actual.fork) };
});
const bundleProcesses = () =>
  vi.mocked(fork).mock.calls.filter(([file]) => /bundle[/\\]child\.(ts|js)$/.test(String(file)))
    .length;

describe('client bundle in a child process', () => {
  it('writes the same output as Vite in the build process; the next build reuses the bundles and starts no Vite process', async () => {
    vi.mocked(fork).mockClear();
    const nodeEnv = process.env.NODE_ENV;
    // a copy of its own, forced: Vite runs both times (the run's shared copy holds its bundles)
    const root = miniSiteCopy();
    const inProcess = await buildMini({ root, force: true }, { bundleProcess: false });
    expect(bundleProcesses()).toBe(0);
    // Vite sets NODE_ENV where it runs: put back after it ran here
    expect(process.env.NODE_ENV).toBe(nodeEnv);
    const outDir = path.join(tempDir(), 'out');
    vi.mocked(fork).mockClear();
    const inChild = await buildMini({ root, outDir, force: true });
    expect(bundleProcesses()).toBe(1);
    expect(inChild.compilationHash).toBe(inProcess.compilationHash);
    expect(snapshot(inChild.outDir)).toEqual(snapshot(inProcess.outDir));
    vi.mocked(fork).mockClear();
    const warm = await buildMini({ root, outDir });
    expect(warm.reused.client).toBe(true);
    expect(bundleProcesses()).toBe(0);
  });

  it('bundles the client before the build asks for it (ahead of its staging folder), then moves it into the staging folder', async () => {
    const files = siteFilesOf(path.join(MINI_SITE, 'src'), MINI_SITE);
    const site = { root: MINI_SITE, files };
    const aheadRoot = path.join(files.packageDir, 'node_modules/.ssg/client-ahead');
    // this process's folders (`<pid>-<id>`, one per bundler)
    const aheadDirs = () =>
      existsSync(aheadRoot)
        ? readdirSync(aheadRoot).filter((name) => name.startsWith(`${process.pid}-`))
        : [];
    const chunksAhead = () => {
      try {
        return aheadDirs().some((dir) =>
          listFiles(path.join(aheadRoot, dir)).some((f) => f.endsWith('.js')),
        );
      } catch {
        return false; // not made yet, or Vite removing its manifest and CSS as it is listed
      }
    };
    const bundler = startBundler();
    const staging = tempDir();
    let built: Awaited<ReturnType<typeof bundler.client>>;
    try {
      bundler.clientAhead(site); // as stage "config" asks once the server bundle is made
      // no client job asked yet: the chunks come all the same (bounded wait, not a timing)
      for (let waited = 0; !chunksAhead() && waited < 60_000; waited += 50) await sleep(50);
      expect(chunksAhead()).toBe(true);
      built = await bundler.client({ ...site, outDir: staging });
    } finally {
      await bundler.stop();
    }
    const chunks = filesOf(built.manifest).map((url) => url.slice(1));
    expect(listFiles(staging)).toEqual(chunks);
    expect(aheadDirs()).toEqual([]);
  });
});
