// Real path formatting; no fakes.
import { describe, expect, it } from 'vitest';
import { formatPath } from './json-path.ts';

describe('JSON paths in content issues', () => {
  it('formats JSON paths with indexes', () => {
    expect(formatPath(['units', 2, 'whats'])).toBe('units[2].whats');
    expect(formatPath([])).toBe('');
  });
});
