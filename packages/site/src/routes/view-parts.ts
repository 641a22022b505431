/** Pieces several views share: a named picture, the units, the social links, service cards, photos. */
import { pictureOf } from '../content/photos.ts';
import type { Content, NamedImage } from '../content/schema.ts';
import {
  facebookUrl,
  instagramUrl,
  linkedinUrl,
  mapsSearchUrl,
  socialChatUrl,
  whatsappChatUrl,
} from '../lib/links.ts';
import type { ImageData, ServiceView, SocialLinks, UnitView } from '../lib/page-data.ts';

export const img = (c: Content, i: NamedImage): ImageData => pictureOf(c, i.file, i.alt, i);

export const units = (c: Content): UnitView[] =>
  c.units.map((u) => ({
    name: u.name,
    address: u.address,
    mapsHref: mapsSearchUrl(u.address),
    whats: u.whats,
    whatsHref: whatsappChatUrl(u.whats, u.whatsMsg),
    ...(u.tel ? { tel: u.tel } : {}),
    ...(u.site ? { site: u.site } : {}),
  }));

export const social = (c: Content): SocialLinks => ({
  instagram: { user: c.social.instagram.user, href: instagramUrl(c.social.instagram.user) },
  facebook: facebookUrl(c.social.facebook),
  linkedin: linkedinUrl(c.social.linkedin),
  whatsapp: {
    number: c.social.whatsapp,
    href: socialChatUrl(c),
  },
});

/** Every service as its card shows it. */
export const serviceCards = (c: Content): ServiceView[] =>
  c.services.map(({ slug, icon, title, description }) => ({
    slug,
    icon,
    title,
    description,
  }));

/** A gallery photo with its caption. */
export const galleryPhoto = (c: Content, p: Content['gallery']['photos'][number]) => ({
  ...pictureOf(c, p.file, p.alt, p),
  caption: p.caption,
});
