/**
 * What the pages show besides the clinic's facts: `pages.json`, `countdown.json`, `texts.json`,
 * `gallery.json` and `images.json`.
 */
import { z } from 'zod';
import { dimension, httpUrl, imageFile, namedImage, text } from './fields.ts';

const pageText = z.strictObject({
  title: text('the page title'),
  subtitle: text('the page subtitle'),
});
export const pagesFile = z.strictObject({
  servicos: pageText,
  galeria: pageText,
  contato: pageText,
  popup: z.strictObject({ title: text('the popup title') }),
  cta: pageText,
});

export const countdownFile = z.strictObject({
  eventName: text('the event name'),
  eventDate: z
    .string({ error: 'Expected the event date as text.' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/, {
      message:
        'Expected the event date in ISO 8601 with a time zone, e.g. "2027-03-13T08:00:00-03:00".',
      abort: true,
    })
    .refine(
      (d) => !Number.isNaN(Date.parse(d)),
      'Expected a real calendar date, e.g. "2027-03-13T08:00:00-03:00".',
    ),
  subtitle: text('the event subtitle'),
});

/** Generated texts are optional; the site has Portuguese fallbacks for each. */
export const textsFile = z.strictObject({
  h2: z.string().optional(),
  about1: z.string().optional(),
  about2: z.string().optional(),
  descriptionService: z.string().optional(),
  whatsMessage: z.string().optional(),
});

export const galleryFile = z.strictObject({
  photos: z.array(
    z.strictObject({
      file: imageFile,
      alt: text('the photo description (alt)'),
      caption: text('the caption'),
      width: dimension,
      height: dimension,
    }),
  ),
  videos: z.array(
    z.strictObject({
      title: text('the video title'),
      url: httpUrl,
      poster: imageFile,
      duration: z.string().regex(/^\d{1,2}:\d{2}$/, 'Expected the duration like "2:45".'),
      width: dimension,
      height: dimension,
    }),
  ),
});

export const IMAGE_NAMES = [
  'logo',
  'favicon',
  'hero',
  'about',
  'cta',
  'contact',
  'notFound',
  'serverError',
  'og',
] as const;
export const imagesFile = z.strictObject(
  Object.fromEntries(IMAGE_NAMES.map((n) => [n, namedImage])) as Record<
    (typeof IMAGE_NAMES)[number],
    typeof namedImage
  >,
);
