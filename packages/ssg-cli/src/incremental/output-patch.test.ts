// Real: the patch plan (whether a build may update the output folder in place, and which files it keeps); faked: the last build's record and this build's query, made by hand, no disk.
import { describe, expect, it } from 'vitest';
import type { LastBuild } from './cache-file.ts';
import { PATCH_AT_MOST, type PatchQuery, patchOf } from './output-patch.ts';

/** Twenty pages' HTML and page-data, app-data and a static query: 42 files. */
const PAGES = Array.from({ length: 20 }, (_, i) => `/p/${i}/`);
const pageFiles = PAGES.flatMap((p) => [`${p}index.html`, `/page-data${p}page-data.json`]);
const DATA = ['/page-data/app-data.json', '/page-data/sq/d/1.json'];
const NAMES = [...pageFiles, ...DATA];
const entry = (md5: string) => `${md5} 100:7:1700000000`;

const last = (over: Partial<LastBuild> = {}): LastBuild => ({
  compilationHash: 'c1',
  options: 'o1',
  files: {
    ...Object.fromEntries(pageFiles.map((name) => [name, entry(`md5-${name}`)])),
    '/page-data/app-data.json': entry('app-1'),
    '/page-data/sq/d/1.json': entry('sq-1'),
    '/old/index.html': entry('old'),
    '/old/': '- dir',
  },
  bytes: { html: 0, js: 0, css: 0, json: 0, other: 0 },
  memo: { fingerprint: 'f1', frame: 'frame-1', compilationHash: 'c1', warnings: {} },
  ...over,
});

const query = (over: Partial<PatchQuery> = {}): PatchQuery => ({
  frame: 'frame-1',
  compilationHash: 'c1',
  options: 'o1',
  names: NAMES,
  made: new Map([
    ['/page-data/app-data.json', 'app-2'],
    ['/page-data/sq/d/1.json', 'sq-1'],
  ]),
  dirty: new Set(['/p/3/index.html', '/page-data/p/3/page-data.json']),
  ...over,
});

const nothingChanged = new Set<string>();

describe('the patch plan', () => {
  it('keeps every file the last build placed with the same bytes, and writes the others', () => {
    const patch = patchOf(last(), query(), nothingChanged);
    const kept = [...(patch?.kept.keys() ?? [])];
    // app-data has new bytes and page 3 new inputs: those three are written, 39 kept
    expect(NAMES.filter((n) => !kept.includes(n))).toEqual([
      '/p/3/index.html',
      '/page-data/p/3/page-data.json',
      '/page-data/app-data.json',
    ]);
    expect(patch?.kept.get('/p/0/index.html')).toBe(entry('md5-/p/0/index.html'));
    // what the last build placed and this one does not make is deleted; folders are not files
    expect(patch?.gone).toEqual(['/old/index.html']);
  });

  it('writes again a file someone changed in the output since the last build', () => {
    const changed = new Set(['/p/5/index.html']);
    const patch = patchOf(last(), query(), changed);
    expect(patch?.kept.has('/p/5/index.html')).toBe(false);
    expect(patch?.kept.has('/page-data/p/5/page-data.json')).toBe(true);
  });

  it('never keeps a file the record does not know the bytes of', () => {
    const files = { ...last().files, '/p/7/index.html': '- 100:7:1700000000' };
    const patch = patchOf(last({ files }), query(), nothingChanged);
    expect(patch?.kept.has('/p/7/index.html')).toBe(false);
  });

  it('writes a whole new folder when the frame, compilation hash or options differ, or nothing is known', () => {
    expect(patchOf(last(), query(), nothingChanged)).toBeDefined();
    expect(patchOf(last(), query({ frame: 'frame-2' }), nothingChanged)).toBeUndefined();
    expect(patchOf(last(), query({ frame: undefined }), nothingChanged)).toBeUndefined();
    expect(patchOf(last(), query({ compilationHash: 'c2' }), nothingChanged)).toBeUndefined();
    expect(patchOf(last(), query({ options: 'o2' }), nothingChanged)).toBeUndefined();
    const { memo: _, ...noMemo } = last();
    expect(patchOf(noMemo, query(), nothingChanged)).toBeUndefined();
    expect(patchOf(undefined, query(), nothingChanged)).toBeUndefined();
    // the folder was not checked: nothing of it is trusted
    expect(patchOf(last(), query(), undefined)).toBeUndefined();
  });

  it('writes a whole new folder when a folder of the output was changed by hand', () => {
    expect(patchOf(last(), query(), new Set(['/p/']))).toBeUndefined();
  });

  it(`writes a whole new folder when more than ${PATCH_AT_MOST * 100}% of the files would be written`, () => {
    const atLimit = Math.floor(NAMES.length * PATCH_AT_MOST); // 4 of 42, app-data one of them
    const dirtyOf = (pages: number) =>
      new Set(PAGES.slice(0, pages).flatMap((p) => [`${p}index.html`]));
    expect(patchOf(last(), query({ dirty: dirtyOf(atLimit - 1) }), nothingChanged)).toBeDefined();
    expect(patchOf(last(), query({ dirty: dirtyOf(atLimit) }), nothingChanged)).toBeUndefined();
  });
});
