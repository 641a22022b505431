/** Head tags and schema.org data for a local business: title, description, canonical, Open Graph, JSON-LD. */
import type { HeadTags } from '@ssg/cli/site';
import { facebookUrl, instagramUrl } from '../lib/links.ts';
import { MAIN_ID } from '../lib/main-id.ts';
import { imageUrl } from './brand-illustrations.ts';
import type { Content, Unit } from './schema.ts';
import { shareCardOf } from './share-card.ts';

const DAY = /^(Mo|Tu|We|Th|Fr|Sa|Su)/;

/** A brand's home text with `{cidade}` (the city) and `{unidades}` (how many units) filled in. */
export const fillBrandText = (c: Content, text: string): string =>
  text.replaceAll('{cidade}', c.company.cidade).replaceAll('{unidades}', String(c.units.length));

export function pageHead(
  c: Content,
  input: {
    path: string;
    title: string;
    description: string;
    jsonLd?: unknown[];
    noindex?: boolean;
  },
): HeadTags {
  const url = c.site.url + input.path;
  const card = shareCardOf(c);
  const image = `${c.site.url}${card.src}`;
  const meta: NonNullable<HeadTags['meta']> = [
    { name: 'description', content: input.description },
    { name: 'theme-color', content: c.theme.primary },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: c.company.companyName },
    { property: 'og:locale', content: c.site.locale },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(card.width) },
    { property: 'og:image:height', content: String(card.height) },
    // the brand's own share text and card (share-card.ts)
    {
      property: 'og:image:alt',
      content: fillBrandText(c, c.home.shareText),
    },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (input.noindex) meta.push({ name: 'robots', content: 'noindex' });
  const link: NonNullable<HeadTags['link']> = [
    // No paint before the main content starts: the top bar is never shown half parsed on a slow
    // phone (its call-to-action arriving after the first paint moved the name: a layout shift).
    { rel: 'expect', href: `#${MAIN_ID}`, blocking: 'render' },
    // The text font (Latin subset), asked for with the HTML instead of after the CSS.
    {
      rel: 'preload',
      href: '/fonts/nunito-latin-wght-normal.woff2',
      as: 'font',
      type: 'font/woff2',
      crossorigin: 'anonymous',
    },
    { rel: 'icon', href: imageUrl(c, c.images.favicon.file), type: 'image/svg+xml' },
  ];
  if (!input.noindex) link.unshift({ rel: 'canonical', href: url });
  return { title: input.title, meta, link, ...(input.jsonLd ? { jsonLd: input.jsonLd } : {}) };
}

/** `Rua Augusta, 1520 – Consolação, São Paulo – SP, 01304-001` → `Rua Augusta, 1520 – Consolação` */
function streetOf(u: Unit): string {
  const cut = u.address.indexOf(`, ${u.locality}`);
  return cut > 0 ? u.address.slice(0, cut) : u.address;
}

/** One schema.org VeterinaryCare per unit. */
export function unitsJsonLd(c: Content): unknown[] {
  return c.units.map((u) => ({
    '@context': 'https://schema.org',
    '@type': 'VeterinaryCare',
    name: `${c.company.companyName} – ${u.name}`,
    url: u.site ?? `${c.site.url}/contato/`,
    image: `${c.site.url}${shareCardOf(c).src}`,
    logo: `${c.site.url}/images/${c.images.logo.file}`,
    telephone: `+55${u.tel ?? u.whats.slice(2)}`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: streetOf(u),
      addressLocality: u.locality,
      addressRegion: u.region,
      postalCode: u.postalCode,
      addressCountry: 'BR',
    },
    openingHours: u.openingHours.filter((h) => DAY.test(h)),
    sameAs: [instagramUrl(c.social.instagram.user), facebookUrl(c.social.facebook)],
  }));
}
