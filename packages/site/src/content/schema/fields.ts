/**
 * The kinds of field many content files share: texts, phone numbers, addresses, image names,
 * sizes and colours, each with the sentence that says what is expected.
 */
import { type UrlRules, urlProblem } from '@ssg/cli/site';
import { z } from 'zod';

export const text = (what: string) =>
  z
    .string({ error: `Expected ${what} as text.` })
    .trim()
    .min(1, `Expected ${what}; it must not be empty.`);

/** WhatsApp numbers carry the country code: 55 + area code + 9-digit mobile = 13 digits. */
export const whatsNumber = z
  .string({ error: 'Expected a WhatsApp number as a string of 13 digits, e.g. "5511987654321".' })
  .regex(
    /^55\d{2}9\d{8}$/,
    'Expected a WhatsApp number of 13 digits (55, the area code and the 9-digit mobile number), e.g. "5511987654321"; remove spaces, "+" and punctuation.',
  );

/** Landlines without country code: area code + 8 digits = 10 digits. */
export const landlineNumber = z
  .string({ error: 'Expected a landline number as a string of 10 digits, e.g. "1132654321".' })
  .regex(
    /^\d{2}[2-5]\d{7}$/,
    'Expected a landline number of 10 digits (area code and 8 digits starting with 2 to 5), e.g. "1132654321"; remove spaces and punctuation.',
  );

/** An address as browsers parse it (WHATWG URL): https (http only for localhost), no credentials. */
const urlField = (rules: UrlRules) =>
  z.string({ error: 'Expected an address starting with https://.' }).check((ctx) => {
    const problem = urlProblem(ctx.value, rules);
    if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
  });
export const httpUrl = urlField({});
/** The site's own address: no query or fragment, no trailing slash (paths are appended to it). */
export const siteUrl = urlField({ query: false }).refine(
  (u) => !u.endsWith('/'),
  'Expected the site address without a trailing slash, e.g. "https://www.amigofielvet.com.br".',
);

export const imageFile = z
  .string({ error: 'Expected an image file name inside content/images, e.g. "hero.svg".' })
  .regex(
    /^[a-z0-9][a-z0-9._-]*\.(svg|png|jpe?g|webp|avif)$/,
    'Expected an image file name inside content/images in lower case, ending in .svg, .png, .jpg, .webp or .avif, e.g. "hero.svg".',
  );

export const dimension = z
  .number({ error: 'Expected a size in pixels as a number.' })
  .int('Expected a whole number of pixels.')
  .positive('Expected a size in pixels greater than 0.');

export const namedImage = z.strictObject({
  file: imageFile,
  /** Empty for decorative images. */
  alt: z.string({
    error: 'Expected the image description (alt text) as text; use "" for decorative images.',
  }),
  width: dimension,
  height: dimension,
});

export const hexColor = z
  .string({ error: 'Expected a colour as text like "#0f766e".' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour in the form "#rrggbb", e.g. "#0f766e".');

export type NamedImage = z.infer<typeof namedImage>;
