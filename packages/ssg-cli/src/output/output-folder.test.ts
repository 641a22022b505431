// Real: an output folder and its staging folder in a temporary directory, the lock and the clean-up.
// Faked: the stages (a function that writes one file, then fails as a full disk or a bug would).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SsgError } from '../errors.ts';
import { removal } from './leftovers.ts';
import { inOutputFolder } from './output-folder.ts';

/** An output folder holding a previous build's page, and the options the build passes. */
function previousBuild() {
  const parent = mkdtempSync(path.join(tmpdir(), 'ssg-output-folder-'));
  const outDir = path.join(parent, 'public');
  mkdirSync(outDir);
  writeFileSync(path.join(outDir, 'index.html'), 'previous build');
  const site = { outDir, stagingDir: path.join(parent, `.public.staging-${process.pid}`) };
  const around = { bundler: { stop: async () => {} }, handling: { removal: removal(false) } };
  return { site, around, outDir };
}

/** A stage that writes into the staging folder, then meets `error`. */
const failingWith = (error: Error) => async (staging: { dir: string }) => {
  mkdirSync(staging.dir, { recursive: true });
  writeFileSync(path.join(staging.dir, 'index.html'), 'half a build');
  throw error;
};

describe('a stage failing inside the output folder', () => {
  it('reports a full disk met anywhere in the stages as EMIT_FAILED, naming the folder, and leaves the previous output', async () => {
    const { site, around, outDir } = previousBuild();
    const full = Object.assign(
      new Error("ENOSPC: no space left on device, copyfile 'a.js' -> 'b.js'"),
      { code: 'ENOSPC' },
    );
    const failed = await inOutputFolder(site, around, failingWith(full)).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SsgError);
    expect((failed as SsgError).code).toBe('EMIT_FAILED');
    expect((failed as SsgError).message).toBe(
      `Writing the output failed: ENOSPC: no space left on device, in ${outDir}.`,
    );
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).toBe('previous build');
    expect(existsSync(site.stagingDir)).toBe(false);
  });

  it('passes any other error on as it is', async () => {
    const { site, around } = previousBuild();
    const bug = new TypeError('x is not a function');
    await expect(inOutputFolder(site, around, failingWith(bug))).rejects.toBe(bug);
  });
});
