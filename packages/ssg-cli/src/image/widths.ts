/**
 * The pure part of the pipeline: which widths to make, their names and URLs, srcset and sizes.
 * Everything here is a function of its arguments, so it is tested without files or sharp.
 */
import { largestSlot } from './sizes.ts';
import { IMAGE_URL_PREFIX, type ImageFormat } from './types.ts';

/** Widths made when none are asked: phones (1x–3x) up to large screens at 2x. */
export const DEFAULT_WIDTHS: readonly number[] = [320, 480, 640, 960, 1280, 1600, 2048];

/** A variant narrower than this share of the widest is dropped when it would nearly repeat it. */
const NEAR = 0.9;

/**
 * Widths of the variants, ascending, never above the original: up to twice the `width` asked
 * (sharp screens), else up to the largest default. The widest is always there, so the
 * original's detail is kept when it is smaller than the cap.
 */
export function variantWidths(
  original: number,
  asked: { width?: number; widths?: readonly number[] } = {},
): number[] {
  if (asked.widths && asked.widths.length > 0) {
    const kept = [...new Set(asked.widths.filter((w) => w <= original))].sort((a, b) => a - b);
    return kept.length > 0 ? kept : [original];
  }
  const ceiling = asked.width ? asked.width * 2 : (DEFAULT_WIDTHS.at(-1) ?? original);
  const cap = Math.min(original, ceiling);
  const below = DEFAULT_WIDTHS.filter((w) => w < cap * NEAR);
  return [...below, cap];
}

/** The sharpest screens a photo is made for: past 2× a person no longer sees the extra detail. */
const DENSITY = 2;

/**
 * Widths a `sizes` can ask for: up to the first that covers its largest slot at 2× density,
 * the viewport taken as wide as the widest variant. Unknown lengths (`auto`, `calc()`) keep all.
 */
export function boundBySizes(widths: readonly number[], sizes: string | undefined): number[] {
  const widest = widths.at(-1);
  if (sizes === undefined || widest === undefined) return [...widths];
  const slot = largestSlot(sizes, widest);
  if (slot === undefined) return [...widths];
  const covering = widths.findIndex((w) => w >= slot * DENSITY);
  return covering === -1 ? [...widths] : widths.slice(0, covering + 1);
}

/** Height of a variant of `width`, keeping the aspect ratio of `full` (rounded, at least 1). */
export function heightAt(width: number, full: { width: number; height: number }): number {
  return Math.max(1, Math.round((width * full.height) / full.width));
}

/** `photo-recepcao.3f9a1c0b2d-640.avif`: readable, and unique per content and options. */
export function variantName(
  base: string,
  hash: string,
  width: number,
  format: ImageFormat,
): string {
  const ext = format === 'jpeg' ? 'jpg' : format;
  return `${slug(base)}.${hash}-${width}.${ext}`;
}

/** `logo.3f9a1c0b2d.svg`: a file passed through as it is. */
export const passThroughName = (base: string, hash: string, ext: string): string =>
  `${slug(base)}.${hash}.${ext}`;

/** The file's base name reduced to URL-safe characters: `Foto Recepção.JPG` → `foto-recepcao`. */
export function slug(file: string): string {
  const base = file.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  const plain = base
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return plain || 'image';
}

export const imageUrl = (name: string): string => `${IMAGE_URL_PREFIX}${name}`;

/** `a-320.avif 320w, a-640.avif 640w` */
export function srcsetOf(entries: ReadonlyArray<{ url: string; width: number }>): string {
  return entries.map((e) => `${e.url} ${e.width}w`).join(', ');
}

/** The default `sizes`: the width asked on screens wider than it, else the viewport. */
export function defaultSizes(width?: number): string {
  return width ? `(min-width: ${width}px) ${width}px, 100vw` : '100vw';
}

/** The width the fallback `src` uses: the widest at most 1280 px (browsers without srcset). */
export function fallbackWidth(widths: readonly number[]): number {
  const fitting = widths.filter((w) => w <= 1280);
  return fitting.at(-1) ?? widths[0] ?? 0;
}

export const MIME: Record<ImageFormat, `image/${string}`> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};
