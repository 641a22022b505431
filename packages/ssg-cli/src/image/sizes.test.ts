// Real: the `sizes` reading of the image pipeline. Faked: nothing (no browser; its choice is derived from the HTML rules).
import { describe, expect, it } from 'vitest';
import { largestSlot } from './sizes.ts';

/** A grid of one column on phones, two to 768 px, three above, in a 1160 px container. */
const GALLERY = '(min-width: 1160px) 360px, (min-width: 769px) 31vw, (min-width: 640px) 47vw, 92vw';

describe('largestSlot', () => {
  it('reads a fixed width and the viewport', () => {
    expect(largestSlot('240px', 2048)).toBe(240);
    expect(largestSlot('100vw', 2048)).toBe(2048);
    expect(largestSlot('50vw', 1600)).toBe(800);
  });
  it('takes the default only below the breakpoints before it', () => {
    // 92vw holds under 640 px only: 92% of 639.98 px
    expect(largestSlot(GALLERY, 2048)).toBeCloseTo(588.8, 0);
    expect(largestSlot('(max-width: 768px) 90vw, 560px', 2048)).toBeCloseTo(691.2, 1);
    expect(largestSlot('(min-width: 1000px) 50vw, 100vw', 2048)).toBeCloseTo(1024, 0);
  });
  it('reads ranges, em and rem, and "and"', () => {
    expect(largestSlot('(width >= 40em) 20rem, 100vw', 2048)).toBeCloseTo(640, 0);
    expect(largestSlot('(min-width: 600px) and (max-width: 900px) 80vw, 300px', 2048)).toBe(720);
  });
  it('counts an entry whose condition it cannot read wherever it might hold', () => {
    expect(largestSlot('(orientation: portrait) 100vw, 400px', 2048)).toBe(2048);
    expect(largestSlot('(orientation: portrait) 300px, 400px', 2048)).toBe(400);
  });
  it('knows nothing of lengths it cannot compute ahead', () => {
    expect(largestSlot('auto', 2048)).toBeUndefined();
    expect(largestSlot('calc(100vw - 2rem)', 2048)).toBeUndefined();
    expect(largestSlot('(min-width: 640px) 50%, 100vw', 2048)).toBeUndefined();
    expect(largestSlot('', 2048)).toBeUndefined();
  });
});
