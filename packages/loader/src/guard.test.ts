// Real reload guards; in-memory and throwing storage fakes.
import { describe, expect, it } from 'vitest';
import { memoryStorage, throwingStorage } from '../test/fakes.ts';
import { clearOnce, takeOnce } from './guard.ts';

describe('takeOnce', () => {
  it('allows a reload once per value, then refuses it for the rest of the session', () => {
    const s = memoryStorage();
    expect(takeOnce(() => s, 'k', 'hash-2')).toBe(true);
    expect(takeOnce(() => s, 'k', 'hash-2')).toBe(false);
    expect(takeOnce(() => s, 'k', 'hash-3')).toBe(true);
  });

  it('refuses when storage throws, so a page that cannot remember never reloads in a loop', () => {
    expect(takeOnce(throwingStorage, 'k', 'v')).toBe(false);
    expect(
      takeOnce(
        () => {
          throw new DOMException('blocked', 'SecurityError');
        },
        'k',
        'v',
      ),
    ).toBe(false);
    expect(takeOnce(() => undefined, 'k', 'v')).toBe(false);
  });
});

describe('clearOnce', () => {
  it('forgets the guard after a clean load, and never throws', () => {
    const s = memoryStorage();
    takeOnce(() => s, 'k', 'v');
    clearOnce(() => s, 'k');
    expect(takeOnce(() => s, 'k', 'v')).toBe(true);
    expect(() => clearOnce(throwingStorage, 'k')).not.toThrow();
  });
});
