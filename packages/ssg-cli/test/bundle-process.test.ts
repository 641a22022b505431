// Real: build() of the mini fixture site with Vite in this process and in a child process. Faked: nothing (fork is wrapped only to count the bundle processes).
import { fork } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildMini, snapshot, tempDir } from './helpers.ts';

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
    const inProcess = await buildMini({}, { bundleProcess: false });
    expect(bundleProcesses()).toBe(0);
    // Vite sets NODE_ENV where it runs: put back after it ran here
    expect(process.env.NODE_ENV).toBe(nodeEnv);
    const outDir = path.join(tempDir(), 'out');
    vi.mocked(fork).mockClear();
    const inChild = await buildMini({ outDir, force: true });
    expect(bundleProcesses()).toBe(1);
    expect(inChild.compilationHash).toBe(inProcess.compilationHash);
    expect(snapshot(inChild.outDir)).toEqual(snapshot(inProcess.outDir));
    vi.mocked(fork).mockClear();
    const warm = await buildMini({ outDir });
    expect(warm.reused.client).toBe(true);
    expect(bundleProcesses()).toBe(0);
  });
});
