// Real: the up-to-date query of the incremental cache, with the seal of a real temporary folder.
// Faked: the last build's record (written by hand) and, in the pure cases, the seal function.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LastBuild } from './cache-file.ts';
import { outputUpToDate, seal } from './output-seal.ts';

const last: LastBuild = {
  compilationHash: 'h1',
  options: 'o1',
  seal: 'sealed',
  bytes: { html: 1, js: 2, css: 3, json: 4, other: 5 },
  written: ['sw.js', '_headers'],
};
const now = { compilationHash: 'h1', options: 'o1', names: ['/index.html'] };

describe('outputUpToDate', () => {
  it('is true only when hash, options and the seal of every written name match', () => {
    const asked: Array<readonly string[]> = [];
    const sealOf = (names: readonly string[]) => {
      asked.push(names);
      return 'sealed';
    };
    expect(outputUpToDate(last, now, sealOf)).toBe(true);
    // emit's names and what the last build wrote besides them
    expect(asked).toEqual([['/index.html', 'sw.js', '_headers']]);
  });

  it('is false without a last build, with another hash or options, or a changed folder', () => {
    const sealed = () => 'sealed';
    expect(outputUpToDate(undefined, now, sealed)).toBe(false);
    expect(outputUpToDate(last, { ...now, compilationHash: 'h2' }, sealed)).toBe(false);
    expect(outputUpToDate(last, { ...now, options: 'o2' }, sealed)).toBe(false);
    expect(outputUpToDate(last, now, () => 'other')).toBe(false);
    // no output folder at all
    expect(outputUpToDate(last, now, () => undefined)).toBe(false);
  });

  it('reads nothing but what it is given: the same answer every time', () => {
    const sealed = () => 'sealed';
    const answers = Array.from({ length: 3 }, () => outputUpToDate(last, now, sealed));
    expect(answers).toEqual([true, true, true]);
  });
});

describe('seal', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ssg-seal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('changes when a named file is rewritten or a file is added beside it, not otherwise', () => {
    writeFileSync(path.join(dir, 'a.html'), 'a');
    const names = ['/a.html'];
    const first = seal(dir, names);
    expect(seal(dir, names)).toBe(first);
    writeFileSync(path.join(dir, 'a.html'), 'b');
    utimesSync(path.join(dir, 'a.html'), new Date(), new Date(Date.now() + 5_000));
    const rewritten = seal(dir, names);
    expect(rewritten).not.toBe(first);
    writeFileSync(path.join(dir, 'added.html'), 'c');
    utimesSync(dir, new Date(), new Date(Date.now() + 10_000));
    expect(seal(dir, names)).not.toBe(rewritten);
  });
});
