/** What the services page shows: every service card and the call to action. */
import type { Content } from '../content/schema.ts';
import { withFallbacks } from '../lib/fallback-texts.ts';
import { mainChatUrl } from '../lib/links.ts';
import type { ServicesData } from '../lib/page-data.ts';
import { img, serviceCards } from './view-parts.ts';

export const servicesView = (c: Content): ServicesData => ({
  page: c.pages.servicos,
  descriptionService: withFallbacks(c.texts).descriptionService,
  services: serviceCards(c),
  cta: c.pages.cta,
  ctaImage: img(c, c.images.cta),
  whatsHref: mainChatUrl(c),
  phone: c.contact.agendamento[0] ?? '',
});
