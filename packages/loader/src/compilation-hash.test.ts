// Real readCompilationHash; a fake document answering querySelector.
import { describe, expect, it } from 'vitest';
import { readCompilationHash } from './compilation-hash.ts';

const doc = (content?: string) =>
  ({
    querySelector: (s: string) =>
      s === 'meta[name="ssg-compilation-hash"]' && content !== undefined ? { content } : null,
  }) as unknown as Document;

describe('readCompilationHash', () => {
  it('reads the meta tag every HTML page carries', () => {
    expect(readCompilationHash(doc('a1b2c3'))).toBe('a1b2c3');
  });
  it('answers an empty string without the tag (no deploy checks then)', () => {
    expect(readCompilationHash(doc())).toBe('');
  });
});
