// Real: the benchmark site's index of pages.json (bench/templates/ssg/src/page-index.ts) over a file in a temporary folder. Faked: the pages (made here, with the characters that could fool a scanner).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexPages } from '../../bench/templates/ssg/src/page-index.ts';

const dir = mkdtempSync(join(tmpdir(), 'page-index-'));

describe('the page index of the benchmark site', () => {
  it('finds every record of a file larger than its 1 MB pieces and reads each back whole', () => {
    const pages = Array.from({ length: 3000 }, (_, i) => ({
      id: i,
      path: `/p/${i}/`,
      title: `Page "${i}" {x} \\ ]`,
      paragraphs: [`${'x'.repeat(i % 997)} ção \\"}{ [`, 'y'],
      links: [{ to: '/', label: '[{' }],
    }));
    const file = join(dir, 'pages.json');
    writeFileSync(file, `${JSON.stringify(pages)}\n`);
    const index = indexPages(file);
    expect(index.entries.map((e) => [e.path, e.title])).toEqual(
      pages.map((p) => [p.path, p.title]),
    );
    for (const i of [0, 1, 1499, 2999]) {
      const entry = index.entries[i];
      if (!entry) throw new Error(`the index has no entry ${i}`);
      expect(index.read(entry)).toEqual(pages[i]);
    }
    // in the file's order (through its read-ahead window) and backwards (a new window each time)
    expect(index.entries.map((e) => index.read(e))).toEqual(pages);
    expect(index.entries.toReversed().map((e) => index.read(e))).toEqual(pages.toReversed());
  });

  it('reads a record larger than its window', () => {
    const pages = [
      { path: '/a/', title: 'A' },
      { path: '/big/', title: 'B', text: 'z'.repeat(3 << 20) },
      { path: '/c/', title: 'C' },
    ];
    const file = join(dir, 'big.json');
    writeFileSync(file, JSON.stringify(pages));
    const index = indexPages(file);
    expect(index.entries.map((e) => index.read(e))).toEqual(pages);
  });

  it('says where a file cut short ends', () => {
    const file = join(dir, 'cut.json');
    writeFileSync(file, '[{"path":"/a/","title":"A"},{"path":"/b/","ti');
    expect(() => indexPages(file)).toThrow(/ends inside a page's record/);
  });
});
