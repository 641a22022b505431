/** `company.json`: the company's names and city, and the eyebrow line a brand may set. */
import { z } from 'zod';
import { text } from './fields.ts';

/** The home page's eyebrow (the short line above its title) when a brand does not set one. */
export const DEFAULT_EYEBROW = 'Clínica veterinária em {cidade}';
export const EYEBROW_MAX = 60;

/** What the brand is, in a few words; `{cidade}` is replaced with the city. */
const eyebrow = text('the line above the home page title (eyebrow)')
  .max(
    EYEBROW_MAX,
    `Expected a short eyebrow of at most ${EYEBROW_MAX} characters; it is the short line above the home page title.`,
  )
  .check((ctx) => {
    for (const [placeholder] of ctx.value.matchAll(/\{[^}]*\}/g)) {
      if (placeholder === '{cidade}') continue;
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `Unknown placeholder "${placeholder}": the only one replaced is {cidade} (the city), e.g. "Odontologia veterinária em {cidade}"; remove it or correct its spelling.`,
      });
    }
  });

const companyFields = {
  companyName: text('the company name'),
  subtitle: text('a subtitle'),
  slogan: text('a slogan'),
  cidade: text('the city (cidade)'),
};
export const companyFile = z.strictObject({
  ...companyFields,
  eyebrow: eyebrow.default(DEFAULT_EYEBROW),
});
/** A brand's overrides: any company field, none filled by default (the base file's value stays). */
export const companyOverrides = z.strictObject({ ...companyFields, eyebrow }).partial();
