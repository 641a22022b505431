/** Static queries. `select` runs only at build time, so only types come from content code. */
import { defineStaticQuery } from '@ssg/cli/site';
import type { Content } from './content/schema.ts';
import { FALLBACK_TEXTS } from './lib/fallback-texts.ts';
import { FRAME_QUERY_ID } from './lib/frame-query.ts';
import { whatsappChatUrl } from './lib/links.ts';
import type { FrameData } from './page-data.ts';

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
  callPhone: c.contact.plantao[0]!,
  theme: c.theme,
  analytics: c.site.analytics,
  popup: {
    title: c.pages.popup.title,
    whatsHref: whatsappChatUrl(
      c.social.whatsapp,
      c.texts.whatsMessage || c.social.mensagem || FALLBACK_TEXTS.whatsMessage,
    ),
  },
}));

export const staticQueries = [frameQuery];
