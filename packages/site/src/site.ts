/**
 * The clinic site at build time: brands, content loading, routes with their data and head tags,
 * the footer slice, static queries, sitemap.xml / robots.txt and the folders copied as they are.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { imagePreload } from '@ssg/cli/image';
import { defineSite, type HeadTags, type RouteDefinition } from '@ssg/cli/site';
import { BRANDS } from './brands.ts';
import { brandIllustrations } from './content/brand-illustrations.ts';
import { robotsTxt, sitemapXml } from './content/crawler-files.ts';
import { loadContent } from './content/load-content.ts';
import { pictureOf, processPhotos } from './content/photos.ts';
import { qrSvg } from './content/qr-code.ts';
import type { Content, NamedImage } from './content/schema.ts';
import { fillBrandText, pageHead, unitsJsonLd } from './content/seo.ts';
import { makeShareCard } from './content/share-card.ts';
import { analyticsSources } from './lib/analytics-csp.ts';
import { withFallbacks } from './lib/fallback-texts.ts';
import { HERO_SIZES } from './lib/image-sizes.ts';
import {
  facebookUrl,
  instagramUrl,
  linkedinUrl,
  mainChatUrl,
  mapsSearchUrl,
  socialChatUrl,
  whatsappChatUrl,
} from './lib/links.ts';
import type {
  ContactData,
  ErrorPageData,
  FooterData,
  GalleryData,
  HomeData,
  ImageData,
  ServicesData,
  SitePageContext,
  SocialLinks,
  UnitView,
} from './page-data.ts';
import { staticQueries } from './queries.ts';

const img = (c: Content, i: NamedImage): ImageData => pictureOf(c, i.file, i.alt, i);

/** The head with the page's main image fetched first (`<Image priority>` above the fold). */
const withPreload = (head: HeadTags, link: NonNullable<HeadTags['link']>[number]): HeadTags => ({
  ...head,
  link: [...(head.link ?? []), link],
});

const units = (c: Content): UnitView[] =>
  c.units.map((u) => ({
    name: u.name,
    address: u.address,
    mapsHref: mapsSearchUrl(u.address),
    whats: u.whats,
    whatsHref: whatsappChatUrl(u.whats, u.whatsMsg),
    ...(u.tel ? { tel: u.tel } : {}),
    ...(u.site ? { site: u.site } : {}),
  }));

const social = (c: Content): SocialLinks => ({
  instagram: { user: c.social.instagram.user, href: instagramUrl(c.social.instagram.user) },
  facebook: facebookUrl(c.social.facebook),
  linkedin: linkedinUrl(c.social.linkedin),
  whatsapp: {
    number: c.social.whatsapp,
    href: socialChatUrl(c),
  },
});

const ctx = (pageName?: string): SitePageContext => (pageName ? { pageName } : {});

function routes(c: Content): RouteDefinition[] {
  const name = c.company.companyName;
  const services = c.services.map(({ slug, icon, title, description }) => ({
    slug,
    icon,
    title,
    description,
  }));
  const photo = (p: Content['gallery']['photos'][number]) => ({
    ...pictureOf(c, p.file, p.alt, p),
    caption: p.caption,
  });
  const logo = (p: Content['partners'][number]) => ({
    name: p.name,
    logo: pictureOf(c, p.logo, p.name, { width: 240, height: 96 }),
    ...(p.url ? { url: p.url } : {}),
  });

  const { companyName, subtitle, slogan, cidade, eyebrow } = c.company;
  const fill = (t: string) => fillBrandText(c, t);
  const home: HomeData = {
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
    services: services.slice(0, 6),
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
    gallery: c.gallery.photos.slice(0, 3).map(photo),
    partners: c.partners.map(logo),
    covenants: c.covenants.map(logo),
    cta: c.pages.cta,
  };
  const servicesData: ServicesData = {
    page: c.pages.servicos,
    descriptionService: withFallbacks(c.texts).descriptionService,
    services,
    cta: c.pages.cta,
    ctaImage: img(c, c.images.cta),
    whatsHref: mainChatUrl(c),
    phone: c.contact.agendamento[0] ?? '',
  };
  const gallery: GalleryData = {
    page: c.pages.galeria,
    photos: c.gallery.photos.map(photo),
    videos: c.gallery.videos.map((v) => ({
      title: v.title,
      url: v.url,
      duration: v.duration,
      poster: pictureOf(c, v.poster, '', v),
    })),
  };
  const whatsHref = socialChatUrl(c);
  const qr = qrSvg(whatsHref, {
    level: c.site.qr.level,
    ...(c.site.qr.version ? { version: c.site.qr.version } : {}),
  });
  const contact: ContactData = {
    page: c.pages.contato,
    endereco: c.contact.endereco,
    mapsHref: mapsSearchUrl(c.contact.endereco),
    phones: {
      agendamento: c.contact.agendamento,
      fixos: c.contact.fixos,
      plantao: c.contact.plantao,
      whatsapp: c.contact.whatsapp,
    },
    horarios: c.contact.horarios,
    social: social(c),
    whatsHref,
    qr: { size: qr.size, path: qr.path },
    units: units(c),
    image: img(c, c.images.contact),
  };
  const errorData = (image: NamedImage): ErrorPageData => ({
    image: img(c, image),
    phone: c.contact.plantao[0] ?? '',
  });
  const jsonLd = unitsJsonLd(c);

  return [
    {
      path: '/',
      component: 'home',
      data: home,
      pageContext: ctx('Home'),
      head: withPreload(
        pageHead(c, {
          path: '/',
          title: `${name} | ${fill(c.home.titleSuffix)}`,
          description: fill(c.home.description),
          jsonLd,
        }),
        imagePreload(home.images.hero, HERO_SIZES),
      ),
    },
    {
      path: '/servicos/',
      component: 'services',
      data: servicesData,
      pageContext: ctx('Serviços'),
      head: pageHead(c, {
        path: '/servicos/',
        title: `${c.pages.servicos.title} | ${name}`,
        description: c.pages.servicos.subtitle,
      }),
    },
    {
      path: '/galeria/',
      component: 'gallery',
      data: gallery,
      pageContext: ctx('Galeria'),
      head: pageHead(c, {
        path: '/galeria/',
        title: `${c.pages.galeria.title} | ${name}`,
        description: c.pages.galeria.subtitle,
      }),
    },
    {
      path: '/contato/',
      component: 'contact',
      data: contact,
      pageContext: ctx('Contato'),
      head: pageHead(c, {
        path: '/contato/',
        title: `${c.pages.contato.title} | ${name}`,
        description: c.pages.contato.subtitle,
        jsonLd,
      }),
    },
    {
      path: '/404.html',
      component: 'notFound',
      data: errorData(c.images.notFound),
      pageContext: ctx(),
      head: pageHead(c, {
        path: '/404.html',
        title: `Página não encontrada | ${name}`,
        description: 'A página que você procurou não existe ou mudou de endereço.',
        noindex: true,
      }),
    },
    {
      path: '/500.html',
      component: 'serverError',
      data: errorData(c.images.serverError),
      pageContext: ctx(),
      head: pageHead(c, {
        path: '/500.html',
        title: `Erro no servidor | ${name}`,
        description: 'Tivemos um problema ao carregar esta página. Tente novamente em instantes.',
        noindex: true,
      }),
    },
  ];
}

function footer(c: Content): FooterData {
  return {
    companyName: c.company.companyName,
    slogan: c.company.slogan,
    cidade: c.company.cidade,
    logo: img(c, c.images.logo),
    units: units(c),
    endereco: c.contact.endereco,
    phones: { agendamento: c.contact.agendamento[0] ?? '', plantao: c.contact.plantao[0] ?? '' },
    horarios: c.contact.horarios,
    social: social(c),
    badge: c.badge,
  };
}

const require = createRequire(import.meta.url);
const fontsDir = path.dirname(
  require.resolve('@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2'),
);

export default defineSite<Content>({
  brands: BRANDS,
  async loadContent(input) {
    const result = await loadContent(input);
    if (result.ok)
      await Promise.all([
        processPhotos(result.content, input.images),
        makeShareCard(result.content, input.images),
      ]);
    return result;
  },
  routes,
  slices: (c) => [{ name: 'footer', component: 'footer', data: footer(c) }],
  staticQueries,
  files: ({ content, routes: built }) => {
    const pages = built.map((r) => r.path).filter((p) => !/^\/(404|500)\.html$/.test(p));
    return [
      { path: 'sitemap.xml', contents: sitemapXml(content.site.url, pages) },
      { path: 'robots.txt', contents: robotsTxt(content.site.url) },
      ...brandIllustrations(content),
    ];
  },
  assets: (c) => [
    { from: c.imagesDir, to: 'images' },
    { from: fontsDir, to: 'fonts' },
  ],
  lang: 'pt-BR',
  url: (c) => c.site.url,
  csp: (c) => analyticsSources(c.site.analytics),
  offline: {
    title: 'Você está sem conexão',
    message:
      'Esta página ainda não foi salva neste aparelho. Verifique sua internet e tente de novo; as páginas que você já abriu continuam funcionando.',
  },
});
