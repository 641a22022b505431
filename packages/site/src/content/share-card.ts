/**
 * Each brand's share card (og:image, 1200×630): content/images/og.svg recoloured to the brand's
 * theme, with its name, subtitle, city and logo, rasterised to PNG by the build's image service.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageService, RasterImage } from '@ssg/cli/image';
import { recolourSvg } from './brand-illustrations.ts';
import type { Content } from './schema.ts';

const cards = new WeakMap<Content, RasterImage>();

/** Tab, line feed and carriage return are the only control characters XML allows. */
const xmlChar = (ch: string): boolean => {
  const code = ch.codePointAt(0) ?? 0;
  return code >= 0x20
    ? code !== 0xfffe && code !== 0xffff
    : code === 9 || code === 10 || code === 13;
};

const escapeXml = (text: string): string =>
  [...text]
    .filter(xmlChar)
    .join('')
    .replace(/[<>&"]/g, (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot' }[ch]};`);

/** The template's three lines of text, in order: name, subtitle, city. */
const TEXT = /(<text [^>]*>)[^<]*(<\/text>)/g;
/** The template's paw mark, replaced by the brand's logo. */
const MARK = /<g transform="translate\(150 140\) scale\(3\)"[^>]*>[\s\S]*?<\/g>/;

/** Room left of the drawing of the dog and cat, in the card's pixels. */
const TEXT_WIDTH = 600;

/** A line squeezed to the room left when it would run under the drawing (about 0.6 em a letter). */
function fitted(open: string, text: string, close: string): string {
  const size = Number(/font-size="(\d+)"/.exec(open)?.[1] ?? 32);
  // a smaller font, not textLength: librsvg (sharp's SVG renderer) does not apply textLength
  const fits = Math.min(size, Math.floor(TEXT_WIDTH / (text.length * 0.6)));
  return `${open.replace(/font-size="\d+"/, `font-size="${fits}"`)}${text}${close}`;
}

export async function makeShareCard(c: Content, images: ImageService): Promise<void> {
  const template = await readFile(path.join(c.imagesDir, 'og.svg'), 'utf8');
  const logo = await readFile(path.join(c.imagesDir, c.images.logo.file));
  const lines = [c.company.companyName, c.company.subtitle, c.company.cidade].map(escapeXml);
  let index = 0;
  const svg = recolourSvg(template, c.theme)
    .replace(TEXT, (_all, open: string, close: string) => fitted(open, lines[index++] ?? '', close))
    .replace(
      MARK,
      `<image x="96" y="70" width="140" height="140" href="data:image/svg+xml;base64,${logo.toString('base64')}"/>`,
    );
  cards.set(c, await images.rasterize(svg, { name: `og-${c.brand}`, width: 1200, height: 630 }));
}

/** The brand's card, or the shared og.png file when none was made (tests that skip the build's images). */
export function shareCardOf(c: Content): { src: string; width: number; height: number } {
  return cards.get(c) ?? { src: `/images/${c.images.og.file}`, ...c.images.og };
}
