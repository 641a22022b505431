/**
 * `brands/<brand>.json`: a brand's badge, colours, home texts and what it overrides of the base
 * files (company fields, the site address, images).
 */
import { z } from 'zod';
import { BRAND_CHOICES, BRANDS } from '../../brands.ts';
import { companyOverrides } from './company-file.ts';
import { hexColor, siteUrl, text } from './fields.ts';
import { imagesFile } from './page-files.ts';

/** A badge names the kind of clinic: one of the family's brands. */
export const BADGE_TYPES = BRANDS;

/** A home-page text of a brand: `{cidade}` (the city) and `{unidades}` (how many units) are replaced. */
const homeText = (what: string, max: number) =>
  text(what)
    .max(max, `Expected ${what} of at most ${max} characters.`)
    .check((ctx) => {
      for (const [placeholder] of ctx.value.matchAll(/\{[^}]*\}/g)) {
        if (placeholder === '{cidade}' || placeholder === '{unidades}') continue;
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: `Unknown placeholder "${placeholder}": only {cidade} (the city) and {unidades} (how many units) are replaced; remove it or correct its spelling.`,
        });
      }
    });

/** What a brand says of itself on its home page and when shared: never the code's words. */
export const brandHome = z.strictObject({
  titleSuffix: homeText('the home page title after "Name | "', 70),
  description: homeText('the home page description (meta description)', 200),
  facts: z
    .array(
      z.strictObject({
        value: homeText('a hero figure, e.g. "24 horas"', 24),
        label: homeText('the words under a hero figure', 40),
      }),
    )
    .min(1, 'Expected at least one hero figure.')
    .max(3, 'Expected at most three hero figures.'),
  shareText: homeText('the text of the share card (og:image:alt)', 120),
});

export const brandFile = z.strictObject({
  badge: z.strictObject({
    type: z.enum(BADGE_TYPES, {
      error: `Expected the badge type ${BRAND_CHOICES}.`,
    }),
    label: z.string().optional(),
  }),
  theme: z.strictObject({
    primary: hexColor,
    primaryDark: hexColor,
    primarySoft: hexColor,
    accent: hexColor,
  }),
  company: companyOverrides.optional(),
  home: brandHome,
  site: z.strictObject({ url: siteUrl }).partial().optional(),
  images: imagesFile.partial().optional(),
});

export type BadgeType = (typeof BADGE_TYPES)[number];
export type BrandFile = z.infer<typeof brandFile>;
