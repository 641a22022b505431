// Real: the up-to-date query, and the record and check of a real temporary folder (the check on
// its worker thread). Faked: the last build's record in the pure cases (written by hand).
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LastBuild } from './cache-file.ts';
import { checkOutput, recordOutput } from './output-record.ts';
import { outputUpToDate } from './output-seal.ts';

const last: LastBuild = {
  compilationHash: 'h1',
  options: 'o1',
  files: { '/index.html': 'abc 1:2:3', '/sw.js': '- 4:5:6' },
  bytes: { html: 1, js: 2, css: 3, json: 4, other: 5 },
};
const now = { compilationHash: 'h1', options: 'o1', names: ['/index.html'], same: true };
const intact = new Set<string>();

describe('outputUpToDate', () => {
  it('is true only when made of the same, with the same hash and options, and an intact folder', () => {
    expect(outputUpToDate(last, now, intact)).toBe(true);
    expect(outputUpToDate(undefined, now, intact)).toBe(false);
    expect(outputUpToDate(last, { ...now, same: false }, intact)).toBe(false);
    expect(outputUpToDate(last, { ...now, compilationHash: 'h2' }, intact)).toBe(false);
    expect(outputUpToDate(last, { ...now, options: 'o2' }, intact)).toBe(false);
    expect(outputUpToDate(last, { ...now, names: ['/other.html'] }, intact)).toBe(false);
    expect(outputUpToDate(last, now, new Set(['/sw.js']))).toBe(false);
    // no folder, or a check that failed: nothing of it is trusted
    expect(outputUpToDate(last, now, undefined)).toBe(false);
  });

  it('reads nothing but what it is given: the same answer every time', () => {
    const answers = Array.from({ length: 3 }, () => outputUpToDate(last, now, intact));
    expect(answers).toEqual([true, true, true]);
  });
});

describe('the record of the output and its check', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ssg-record-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds files edited, deleted or added since the record, and only those', async () => {
    for (const name of ['a.html', 'b.html', 'c.json', 'sw.js'])
      writeFileSync(path.join(dir, name), name);
    const revisions = new Map([
      ['/a.html', 'ra'],
      ['/b.html', 'rb'],
      ['/c.json', 'rc'],
    ]);
    const record = Object.fromEntries(
      recordOutput(dir, {}, { revisions, linked: new Set(), written: ['sw.js'] }),
    );
    // the folder itself too: a file added beside them changes its time
    expect(Object.keys(record).sort()).toEqual(['/', '/a.html', '/b.html', '/c.json', '/sw.js']);
    expect(record['/a.html']).toMatch(/^ra \d+:\d+:[\d.]+$/);
    expect(await checkOutput(dir, record)).toEqual(new Set());

    writeFileSync(path.join(dir, 'a.html'), 'A.'); // edited in place: another size and time
    utimesSync(path.join(dir, 'a.html'), new Date(), new Date(Date.now() + 5_000));
    expect(await checkOutput(dir, record)).toEqual(new Set(['/a.html']));
    rmSync(path.join(dir, 'c.json'));
    expect(await checkOutput(dir, record)).toEqual(new Set(['/a.html', '/c.json', '/']));
    expect(await checkOutput(dir, undefined)).toBeUndefined();
  });
});
