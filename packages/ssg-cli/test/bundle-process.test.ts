// Real: build() of the mini fixture site with Vite in this process and in a child process. Faked: nothing.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMini, snapshot, tempDir } from './helpers.ts';

describe('client bundle in a child process', () => {
  afterEach(() => {
    delete process.env.SSG_BUNDLE_PROCESS;
  });

  it('writes the same output as Vite in the build process, and its cache lets the next build skip Vite', async () => {
    process.env.SSG_BUNDLE_PROCESS = '0';
    const inProcess = await buildMini();
    process.env.SSG_BUNDLE_PROCESS = '1';
    const outDir = path.join(tempDir(), 'out');
    const inChild = await buildMini({ outDir });
    expect(inChild.compilationHash).toBe(inProcess.compilationHash);
    expect(snapshot(inChild.outDir)).toEqual(snapshot(inProcess.outDir));
    const warm = await buildMini({ outDir });
    expect(warm.reused.client).toBe(true);
  });
});
