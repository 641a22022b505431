// Real: the width, name, srcset and sizes rules of the image pipeline. Faked: nothing (no files, no sharp).
import { describe, expect, it } from 'vitest';
import {
  boundBySizes,
  defaultSizes,
  fallbackWidth,
  heightAt,
  passThroughName,
  slug,
  srcsetOf,
  variantName,
  variantWidths,
} from './widths.ts';

describe('variantWidths', () => {
  it('goes up to 2048 for a phone photo and never past the original', () => {
    expect(variantWidths(4000)).toEqual([320, 480, 640, 960, 1280, 1600, 2048]);
    expect(variantWidths(1000)).toEqual([320, 480, 640, 1000]); // 960 would nearly repeat 1000
  });
  it('never upscales: a small image is its own only size', () => {
    expect(variantWidths(200)).toEqual([200]);
    expect(Math.max(...variantWidths(700))).toBe(700);
  });
  it('stops at twice the width asked (sharp screens)', () => {
    expect(variantWidths(4000, { width: 400 })).toEqual([320, 480, 640, 800]);
    expect(variantWidths(600, { width: 400 })).toEqual([320, 480, 600]);
  });
  it('takes exact widths, dropping those above the original', () => {
    expect(variantWidths(1000, { widths: [1200, 300, 600, 300] })).toEqual([300, 600]);
    expect(variantWidths(100, { widths: [300] })).toEqual([100]);
  });
});

describe('boundBySizes', () => {
  const all = [320, 480, 640, 960, 1280, 1600, 2048];
  it('stops at the first width covering the largest slot at 2x', () => {
    // the clinic's gallery: 92vw under 640 px is its largest slot (589 px): 1,178 px at 2x
    const gallery =
      '(min-width: 1160px) 360px, (min-width: 769px) 31vw, (min-width: 640px) 47vw, 92vw';
    expect(boundBySizes(all, gallery)).toEqual([320, 480, 640, 960, 1280]);
    expect(boundBySizes(all, '(max-width: 768px) 45vw, 240px')).toEqual([320, 480, 640, 960]);
    expect(boundBySizes(all, '40px')).toEqual([320]);
    expect(boundBySizes([320, 480, 700], '(max-width: 768px) 90vw, 560px')).toEqual([
      320, 480, 700,
    ]);
  });
  it('keeps every width for the viewport, unknown lengths and no sizes', () => {
    expect(boundBySizes(all, '100vw')).toEqual(all);
    expect(boundBySizes(all, 'calc(100vw - 32px)')).toEqual(all);
    expect(boundBySizes(all, undefined)).toEqual(all);
  });
});

describe('names and markup', () => {
  it('names files by base, hash, width and format', () => {
    expect(variantName('fotos/Recepção Nova.JPG', 'abc123', 640, 'jpeg')).toBe(
      'recepcao-nova.abc123-640.jpg',
    );
    expect(variantName('a.png', 'h', 320, 'avif')).toBe('a.h-320.avif');
    expect(passThroughName('logos/Vet.svg', 'h', 'svg')).toBe('vet.h.svg');
    expect(slug('../../..')).toBe('image');
  });
  it('writes srcset, sizes and heights the way browsers read them', () => {
    expect(
      srcsetOf([
        { url: '/a-320.avif', width: 320 },
        { url: '/a-640.avif', width: 640 },
      ]),
    ).toBe('/a-320.avif 320w, /a-640.avif 640w');
    expect(defaultSizes()).toBe('100vw');
    expect(defaultSizes(400)).toBe('(min-width: 400px) 400px, 100vw');
    expect(heightAt(640, { width: 4000, height: 3000 })).toBe(480);
    expect(heightAt(1, { width: 4000, height: 10 })).toBe(1);
  });
  it('uses a mid-size file as the fallback src', () => {
    expect(fallbackWidth([320, 640, 1280, 2048])).toBe(1280);
    expect(fallbackWidth([1600, 2048])).toBe(1600);
  });
});
