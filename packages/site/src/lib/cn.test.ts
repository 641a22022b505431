// Real cn(); nothing faked.
import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('joins class names with one space, in order', () => {
    expect(cn('card', 'unit-card', 'extra')).toBe('card unit-card extra');
  });

  it('leaves out missing, empty and false names', () => {
    expect(cn('footer', undefined)).toBe('footer');
    expect(cn('footer', '')).toBe('footer');
    expect(cn('grid', false, null, 'grid--team')).toBe('grid grid--team');
  });
});
