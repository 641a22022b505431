// The bench's page generator, in memory; nothing is written and nothing is faked.
import { describe, expect, it } from 'vitest';
import { EDIT_MARK, editedIds, editPages, generatePages } from '../../bench/generate.mjs';

describe('editPages (the bench’s 1% rebuild)', () => {
  const pages = generatePages(2_000);
  const edited = editPages(pages);
  const changed = edited.filter((p, i) => JSON.stringify(p) !== JSON.stringify(pages[i]));

  it('changes exactly 1% of the pages, the same ones every time', () => {
    expect(changed).toHaveLength(20);
    expect(changed.map((p) => p.id)).toEqual(editedIds(2_000));
    expect(JSON.stringify(editPages(generatePages(2_000)))).toBe(JSON.stringify(edited));
  });

  it('changes only the text of the second paragraph, and never the pages the home links to', () => {
    for (const p of changed) {
      const before = pages[p.id - 1];
      expect(p.paragraphs[1]).toBe(`${before?.paragraphs[1]} ${EDIT_MARK}`);
      expect({ ...p, paragraphs: [] }).toEqual({ ...before, paragraphs: [] });
    }
    expect(changed.some((p) => p.id <= 5)).toBe(false);
  });

  it('still changes one page of a site smaller than 100 pages', () => {
    expect(editedIds(20)).toEqual([20]);
  });
});
