/** What the 404 and 500 pages show: their picture and the emergency phone. */
import type { Content, NamedImage } from '../content/schema.ts';
import type { ErrorPageData } from '../lib/page-data.ts';
import { img } from './view-parts.ts';

export const errorView = (c: Content, image: NamedImage): ErrorPageData => ({
  image: img(c, image),
  phone: c.contact.plantao[0] ?? '',
});
