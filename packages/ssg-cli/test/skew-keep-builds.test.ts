// Real: build() of the mini fixture site several times into one folder. Faked: the chunks of older builds (files added to the output, as a build with other code would leave them).
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SsgError } from '../src/index.ts';
import { buildMini, contentCopy, listFiles, must, readJson, tempDir } from './helpers.ts';

interface Record_ {
  keepBuilds: number;
  builds: Array<{ compilationHash: string; files: string[] }>;
}
const record = (outDir: string) => readJson(path.join(outDir, '_ssg-host/builds.json')) as Record_;

/** Pretends the build in `outDir` had one more chunk, as a build with other code would. */
function addChunk(outDir: string, name: string): string {
  const file = `_ssg/${name}`;
  writeFileSync(path.join(outDir, file), `export const from = ${JSON.stringify(name)};\n`);
  const r = record(outDir);
  must(r.builds[0]).files.push(file);
  writeFileSync(path.join(outDir, '_ssg-host/builds.json'), JSON.stringify(r));
  return file;
}

/** A build with other content, so it gets another compilation hash. */
async function buildVersion(outDir: string, name: string, keepBuilds?: number) {
  const content = contentCopy();
  writeFileSync(path.join(content, 'site.json'), JSON.stringify({ name, tagline: 't', pages: [] }));
  return buildMini({ outDir, contentDir: content, keepBuilds });
}

describe('chunks of previous builds (deploy skew)', () => {
  it('records the chunks of each build and keeps the last 2 builds by default', async () => {
    const outDir = path.join(tempDir(), 'site');
    const a = await buildVersion(outDir, 'A');
    expect(record(outDir).builds.map((b) => b.compilationHash)).toEqual([a.compilationHash]);
    const chunkA = addChunk(outDir, 'only-in-a-AAAA.js');

    const b = await buildVersion(outDir, 'B');
    expect(existsSync(path.join(outDir, chunkA))).toBe(true); // A's open tabs can still load it
    expect(record(outDir).builds.map((x) => x.compilationHash)).toEqual([
      b.compilationHash,
      a.compilationHash,
    ]);
    const chunkB = addChunk(outDir, 'only-in-b-BBBB.js');

    const c = await buildVersion(outDir, 'C');
    expect(existsSync(path.join(outDir, chunkA))).toBe(false); // three builds ago: removed
    expect(existsSync(path.join(outDir, chunkB))).toBe(true);
    expect(record(outDir).builds.map((x) => x.compilationHash)).toEqual([
      c.compilationHash,
      b.compilationHash,
    ]);
    expect(record(outDir).keepBuilds).toBe(2);
  });

  it('keeps more builds when asked, and only this one with keepBuilds 1', async () => {
    const outDir = path.join(tempDir(), 'site');
    await buildVersion(outDir, 'A');
    const chunkA = addChunk(outDir, 'only-in-a-AAAA.js');
    await buildVersion(outDir, 'B', 3);
    await buildVersion(outDir, 'C', 3);
    expect(existsSync(path.join(outDir, chunkA))).toBe(true);
    await buildVersion(outDir, 'D', 1);
    expect(existsSync(path.join(outDir, chunkA))).toBe(false);
    expect(record(outDir).builds).toHaveLength(1);
  });

  it('rebuilding the same code and content records the build once', async () => {
    const outDir = path.join(tempDir(), 'site');
    const first = await buildMini({ outDir });
    await buildMini({ outDir });
    expect(record(outDir).builds.map((b) => b.compilationHash)).toEqual([first.compilationHash]);
  });

  it('counts the chunks of a folder built before the record existed as one build', async () => {
    const outDir = path.join(tempDir(), 'site');
    mkdirSync(path.join(outDir, '_ssg'), { recursive: true });
    writeFileSync(path.join(outDir, '_ssg/legacy-LLLL.js'), '');
    writeFileSync(path.join(outDir, 'index.html'), 'old');
    await buildMini({ outDir });
    expect(listFiles(outDir)).toContain('_ssg/legacy-LLLL.js');
    expect(record(outDir).builds[1]).toEqual({
      compilationHash: 'unrecorded',
      files: ['_ssg/legacy-LLLL.js'],
    });
  });

  it('never carries over a link put in the place of a kept chunk (to /etc/passwd)', async () => {
    const outDir = path.join(tempDir(), 'site');
    await buildMini({ outDir });
    const chunk = '_ssg/only-in-a-AAAA.js';
    symlinkSync('/etc/passwd', path.join(outDir, chunk));
    const r = record(outDir);
    const latest = must(r.builds[0]);
    latest.compilationHash = 'other';
    latest.files.push(chunk);
    writeFileSync(path.join(outDir, '_ssg-host/builds.json'), JSON.stringify(r));
    await buildMini({ outDir });
    expect(existsSync(path.join(outDir, chunk))).toBe(false);
  });

  it('never copies a file outside _ssg/ named by a tampered record', async () => {
    const outDir = path.join(tempDir(), 'site');
    await buildMini({ outDir });
    writeFileSync(path.join(outDir, 'secret.txt'), 'x');
    const r = record(outDir);
    const latest = must(r.builds[0]);
    latest.compilationHash = 'other';
    latest.files.push('secret.txt', '_ssg/../secret.txt');
    writeFileSync(path.join(outDir, '_ssg-host/builds.json'), JSON.stringify(r));
    await buildMini({ outDir });
    expect(existsSync(path.join(outDir, 'secret.txt'))).toBe(false);
  });

  it('refuses a keepBuilds that is not a whole number of 1 or more', async () => {
    for (const keepBuilds of [0, 1.5, Number.NaN]) {
      const error = await buildMini({ keepBuilds }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SsgError);
      expect((error as SsgError).code).toBe('USAGE');
      expect((error as SsgError).message).toContain('--keep-builds');
    }
  });
});
