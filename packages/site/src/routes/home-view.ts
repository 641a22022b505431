/** What the home page shows: the hero, about, facts, services, plans, team, gallery and partners. */
import { pictureOf } from '../content/photos.ts';
import type { Content } from '../content/schema.ts';
import { fillBrandText } from '../content/seo.ts';
import { withFallbacks } from '../lib/fallback-texts.ts';
import { mainChatUrl } from '../lib/links.ts';
import type { HomeData } from '../lib/page-data.ts';
import { galleryPhoto, img, serviceCards } from './view-parts.ts';

const logo = (c: Content, p: Content['partners'][number]) => ({
  name: p.name,
  logo: pictureOf(c, p.logo, p.name, { width: 240, height: 96 }),
  ...(p.url ? { url: p.url } : {}),
});

export function homeView(c: Content): HomeData {
  const { companyName, subtitle, slogan, cidade, eyebrow } = c.company;
  const fill = (t: string) => fillBrandText(c, t);
  return {
    company: { companyName, subtitle, slogan, cidade },
    eyebrow: eyebrow.replaceAll('{cidade}', cidade),
    texts: (({ h2, about1, about2, descriptionService }) => ({
      h2,
      about1,
      about2,
      descriptionService,
    }))(withFallbacks(c.texts)),
    images: {
      hero: img(c, c.images.hero),
      about: img(c, c.images.about),
      cta: img(c, c.images.cta),
    },
    whatsHref: mainChatUrl(c),
    phone: c.contact.agendamento[0] ?? '',
    facts: c.home.facts.map((f) => ({ value: fill(f.value), label: fill(f.label) })),
    countdown: c.countdown,
    services: serviceCards(c).slice(0, 6),
    plans: c.plans,
    team: c.team.map((m) => ({
      name: m.name,
      role: m.role,
      photo: pictureOf(c, m.photoFilename, m.photo.alt, m.photo),
    })),
    curriculum: (({ photoFilename, ...rest }) => ({
      ...rest,
      photo: pictureOf(c, photoFilename, `Foto de ${rest.name}`, { width: 320, height: 320 }),
    }))(c.curriculum),
    gallery: c.gallery.photos.slice(0, 3).map((p) => galleryPhoto(c, p)),
    partners: c.partners.map((p) => logo(c, p)),
    covenants: c.covenants.map((p) => logo(c, p)),
    cta: c.pages.cta,
  };
}
