// @vitest-environment node
// Real: the recolouring over the real content/ folder and its SVGs, for every brand. Faked: nothing.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '../brands.ts';
import {
  brandColour,
  brandIllustrations,
  illustrationFiles,
  imageUrl,
  recolourSvg,
  SOURCE_THEME,
} from './brand-illustrations.ts';
import { loadContent } from './load-content.ts';
import type { Content } from './schema.ts';

const CONTENT = path.resolve(import.meta.dirname, '../../../../content');
const DIGITAL = {
  primary: '#6d28d9',
  primaryDark: '#4c1d95',
  primarySoft: '#f1eafd',
  accent: '#14b8a6',
};
/** The teal family the shared illustrations are drawn in (content/images). */
const TEALS = ['#0f766e', '#115e59', '#5eead4', '#99f6e4', '#ccfbf1', '#f0fdfa'];

async function content(brand: string): Promise<Content> {
  const result = await loadContent({ contentDir: CONTENT, brand });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.content;
}

describe('brandColour', () => {
  it('turns the vet primary and primary-dark into the brand’s own', () => {
    expect(brandColour(SOURCE_THEME.primary, DIGITAL)).toBe('#6d28d9');
    expect(brandColour('#115E59', DIGITAL)).toBe('#4c1d95');
  });

  it('moves the teal tints to the brand’s hue, keeping how light they are', () => {
    const tint = brandColour('#ccfbf1', DIGITAL);
    expect(tint).not.toBe('#ccfbf1');
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => Number.parseInt(tint.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(g); // violet, not teal
    expect(r + g + b).toBeGreaterThan(3 * 200); // still a light background
  });

  it('leaves every other colour alone: skin, greys, the amber sun, green plants, sky blue', () => {
    for (const c of ['#f1c27d', '#94a3b8', '#f59e0b', '#16a34a', '#bae6fd', '#fff', '#000'])
      expect(brandColour(c, DIGITAL)).toBe(c);
  });

  it('changes nothing for the vet theme', () => {
    const vet = { ...DIGITAL, primary: '#0f766e', primaryDark: '#115e59' };
    const svg = `<svg>${TEALS.map((c) => `<rect fill="${c}"/>`).join('')}</svg>`;
    expect(recolourSvg(svg, vet)).toBe(svg);
  });
});

describe('each brand’s illustrations', () => {
  it.each(BRANDS)(
    '%s: the shared pictures are written in its colours, none left in teal',
    async (brand) => {
      const c = await content(brand);
      const files = brandIllustrations(c);
      expect(files.map((f) => f.path)).toContain(`images/${brand}/hero.svg`);
      const all = files.map((f) => f.contents.toLowerCase()).join('\n');
      expect(all).toContain(c.theme.primary.toLowerCase());
      if (brand !== 'vet') for (const teal of TEALS) expect(all).not.toContain(teal);
    },
  );

  it('points pages at the brand copies, and partner logos at the shared originals', async () => {
    const c = await content('odonto');
    expect(imageUrl(c, c.images.hero.file)).toBe('/images/odonto/hero.svg');
    const [photo] = c.gallery.photos;
    const [partner] = c.partners;
    expect(photo && imageUrl(c, photo.file)).toBe(`/images/odonto/${photo?.file}`);
    expect(partner && imageUrl(c, partner.logo)).toBe(`/images/${partner?.logo}`);
    expect(illustrationFiles(c)).not.toContain(c.images.logo.file);
  });
});
