/**
 * The shared illustrations in each brand's colours. The SVGs in content/images are drawn once, in
 * the vet teal; the build writes a copy per brand with the teal family moved to the brand's theme
 * (`/images/<brand>/<file>`). Partner and covenant logos keep their owners' colours, and brand
 * logos are already one file per brand.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Theme } from '../lib/brand.ts';
import type { Content } from './schema.ts';

/** The colours the shared illustrations are drawn in (the vet theme's teal). */
export const SOURCE_THEME = { primary: '#0f766e', primaryDark: '#115e59' } as const;

/** A colour belongs to the teal family when its hue is this close to the source primary's. */
const FAMILY_HUE_RANGE = 15;
/** Greys and near-whites carry no brand colour, whatever their hue. */
const FAMILY_MIN_SATURATION = 0.2;

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function hexToHsl(hex: string): Hsl {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

function hslToHex({ h, s, l }: Hsl): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return `#${[r, g, b]
    .map((v) =>
      Math.round((v + m) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

/** `#abc` → `#aabbcc`, lower case. */
const longHex = (hex: string) =>
  (hex.length === 4 ? `#${[...hex.slice(1)].map((d) => d + d).join('')}` : hex).toLowerCase();

/**
 * One colour of an illustration in the brand's theme: the source primary and primary-dark become
 * the brand's exactly; other teal tints and shades take the brand's hue and saturation and keep
 * their lightness (a light teal background becomes a light violet one); all else is unchanged.
 */
export function brandColour(hex: string, theme: Theme): string {
  const colour = longHex(hex);
  if (colour === SOURCE_THEME.primary) return theme.primary.toLowerCase();
  if (colour === SOURCE_THEME.primaryDark) return theme.primaryDark.toLowerCase();
  const source = hexToHsl(SOURCE_THEME.primary);
  const brand = hexToHsl(theme.primary);
  const c = hexToHsl(colour);
  if (c.s < FAMILY_MIN_SATURATION || hueDistance(c.h, source.h) > FAMILY_HUE_RANGE) return hex;
  if (longHex(theme.primary) === SOURCE_THEME.primary) return hex;
  return hslToHex({
    h: (c.h + brand.h - source.h + 360) % 360,
    s: Math.min(1, (c.s * brand.s) / source.s),
    l: c.l,
  });
}

/** The SVG's text with every `#rgb` / `#rrggbb` colour in the brand's theme. */
export function recolourSvg(svg: string, theme: Theme): string {
  return svg.replace(/#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b/g, (hex) => brandColour(hex, theme));
}

/** The SVG illustrations content uses, by file name: named images, gallery, team, curriculum. */
export function illustrationFiles(c: Content): string[] {
  const { logo: _logo, og: _og, ...named } = c.images;
  const files = [
    ...Object.values(named).map((i) => i.file),
    ...c.gallery.photos.map((p) => p.file),
    ...c.gallery.videos.map((v) => v.poster),
    ...c.team.map((m) => m.photoFilename),
    c.curriculum.photoFilename,
  ];
  return [...new Set(files)].filter((f) => f.endsWith('.svg')).sort();
}

/** The address of an image of content/images in this brand's build. */
export function imageUrl(c: Content, file: string): string {
  return illustrationFiles(c).includes(file) ? `/images/${c.brand}/${file}` : `/images/${file}`;
}

/** The brand's copies of the illustrations, as output files (site.ts `files`). */
export function brandIllustrations(c: Content): Array<{ path: string; contents: string }> {
  return illustrationFiles(c).map((file) => ({
    path: `images/${c.brand}/${file}`,
    contents: recolourSvg(readFileSync(path.join(c.imagesDir, file), 'utf8'), c.theme),
  }));
}
