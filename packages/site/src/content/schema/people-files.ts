/** Who works at and with the clinic: `team.json`, `curriculum.json` and `partners.json`. */
import { z } from 'zod';
import { dimension, httpUrl, imageFile, text } from './fields.ts';

export const teamFile = z.strictObject({
  team: z.array(
    z.strictObject({
      name: text('the name'),
      role: text('the role'),
      photoFilename: imageFile,
      photo: z.strictObject({
        alt: text('the photo description (alt)'),
        width: dimension,
        height: dimension,
      }),
    }),
  ),
});

export const curriculumFile = z.strictObject({
  curriculum: z.strictObject({
    name: text('the name'),
    title: text('the title'),
    registry: text('the CRMV registry'),
    photoFilename: imageFile,
    summary: text('a summary'),
    education: z.array(z.string()),
    experience: z.array(z.string()),
  }),
});

const logo = z.strictObject({ name: text('the name'), logo: imageFile, url: httpUrl.optional() });
export const partnersFile = z.strictObject({ partners: z.array(logo), covenants: z.array(logo) });
