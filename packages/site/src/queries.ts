/** Static queries. `select` runs only at build time, so only types come from content code. */
import { defineStaticQuery } from '@ssg/cli/site';
import type { Content } from './content/schema.ts';
import { FRAME_QUERY_ID } from './lib/frame-query.ts';
import { mainChatUrl } from './lib/links.ts';
import type { FrameData } from './lib/page-data.ts';

export const frameQuery = defineStaticQuery<Content, FrameData>(FRAME_QUERY_ID, (c) => ({
  companyName: c.company.companyName,
  // an SVG shown at 40×40 in the top bar: passed through, no variants
  logo: {
    src: `/images/${c.images.logo.file}`,
    srcset: '',
    sources: [],
    sizes: '40px',
    alt: c.images.logo.alt,
    width: 40,
    height: 40,
  },
  alert: c.site.alert ?? '24 horas',
  // the schema asks for at least one
  callPhone: c.contact.plantao[0] as string,
  theme: c.theme,
  analytics: c.site.analytics,
  popup: {
    title: c.pages.popup.title,
    whatsHref: mainChatUrl(c),
  },
}));

export const staticQueries = [frameQuery];
