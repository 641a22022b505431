/**
 * The shape of every file in `content/`, as zod schemas (one file of `schema/` per concern), and
 * the merged content of one brand. Field names follow the product specification (companyName,
 * cidade, endereco, whats, whatsMsg, …). Objects are strict so a misspelt field is reported
 * instead of silently ignored.
 */
import type { z } from 'zod';
import type { BrandFile, brandHome } from './schema/brand-file.ts';
import { companyFile } from './schema/company-file.ts';
import { contactFile, socialFile, type Unit, unitsFile } from './schema/contact-files.ts';
import { plansFile, servicesFile } from './schema/offer-files.ts';
import {
  countdownFile,
  galleryFile,
  imagesFile,
  pagesFile,
  textsFile,
} from './schema/page-files.ts';
import { curriculumFile, partnersFile, teamFile } from './schema/people-files.ts';
import { siteFile } from './schema/site-file.ts';

export { type BadgeType, type BrandFile, brandFile } from './schema/brand-file.ts';
export type { Unit } from './schema/contact-files.ts';
export type { NamedImage } from './schema/fields.ts';
export type { IconName } from './schema/offer-files.ts';
export type { QrLevel, ScriptStrategy } from './schema/site-file.ts';

/** Every base file of content/, by file name. */
export const CONTENT_FILES = {
  'site.json': siteFile,
  'company.json': companyFile,
  'social.json': socialFile,
  'contact.json': contactFile,
  'units.json': unitsFile,
  'team.json': teamFile,
  'plans.json': plansFile,
  'partners.json': partnersFile,
  'curriculum.json': curriculumFile,
  'services.json': servicesFile,
  'pages.json': pagesFile,
  'countdown.json': countdownFile,
  'texts.json': textsFile,
  'gallery.json': galleryFile,
  'images.json': imagesFile,
} as const;

/** Each base file's validated data, by file name. */
export type ContentFiles = {
  [K in keyof typeof CONTENT_FILES]: z.infer<(typeof CONTENT_FILES)[K]>;
};

/** The validated content of one brand, as routes, slices and static queries see it. */
export interface Content {
  brand: string;
  site: z.infer<typeof siteFile>;
  company: z.infer<typeof companyFile>;
  home: z.infer<typeof brandHome>;
  social: z.infer<typeof socialFile>;
  contact: z.infer<typeof contactFile>;
  units: Unit[];
  team: z.infer<typeof teamFile>['team'];
  plans: z.infer<typeof plansFile>;
  partners: z.infer<typeof partnersFile>['partners'];
  covenants: z.infer<typeof partnersFile>['covenants'];
  curriculum: z.infer<typeof curriculumFile>['curriculum'];
  services: z.infer<typeof servicesFile>['services'];
  pages: z.infer<typeof pagesFile>;
  countdown: z.infer<typeof countdownFile>;
  texts: z.infer<typeof textsFile>;
  gallery: z.infer<typeof galleryFile>;
  images: z.infer<typeof imagesFile>;
  badge: BrandFile['badge'];
  theme: BrandFile['theme'];
  /** Absolute folder of the images, for the asset copy; never sent to the browser. */
  imagesDir: string;
}
