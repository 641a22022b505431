/**
 * The data each page, slice and static query receives: selected from content at build time
 * (src/site.ts) and read by the components. Types only, shared by both sides.
 */
import type { ImageData as Processed } from '@ssg/cli/image';
import type { BadgeKind, Theme } from './brand.ts';

export interface PlanView {
  name: string;
  price: number;
  period: string;
  description: string;
  /** Ids of the benefits the plan includes. */
  benefits: string[];
  highlight: boolean;
}

export interface BenefitView {
  id: string;
  title: string;
  description: string;
}

/** A picture for `<Image>` (@ssg/cli/image) with its description. */
export interface ImageData extends Processed {
  alt: string;
}

export interface PageText {
  title: string;
  subtitle: string;
}

export interface UnitView {
  name: string;
  address: string;
  mapsHref: string;
  whats: string;
  whatsHref: string;
  tel?: string;
  site?: string;
}

export interface SocialLinks {
  instagram: { user: string; href: string };
  facebook: string;
  linkedin: string;
  whatsapp: { number: string; href: string };
}

export interface ServiceView {
  slug: string;
  icon: string;
  title: string;
  description: string;
}

/** `page-data` pageContext of every page: the name a nav link's text is compared with. */
export type SitePageContext = {
  pageName?: string;
};

/** Static query `frame`: what the alert strip, top bar, side menu and popup show. */
export interface FrameData {
  companyName: string;
  logo: ImageData;
  alert: string;
  callPhone: string;
  theme: Theme;
  analytics: {
    measurementId: string;
    strategy: 'post-hydrate' | 'idle' | 'worker-idle' | 'proxied';
  };
  popup: { title: string; whatsHref: string };
}

export interface HomeData {
  company: { companyName: string; subtitle: string; slogan: string; cidade: string };
  /** What the brand is, above the title (`company.eyebrow`, its `{cidade}` already replaced). */
  eyebrow: string;
  /** The generated texts, fallbacks already applied at build time. */
  texts: { h2: string; about1: string; about2: string; descriptionService: string };
  images: { hero: ImageData; about: ImageData; cta: ImageData };
  whatsHref: string;
  phone: string;
  /** The hero's figures, from the brand's content (`home.facts`), placeholders filled. */
  facts: Array<{ value: string; label: string }>;
  countdown: { eventName: string; eventDate: string; subtitle: string };
  services: ServiceView[];
  plans: {
    title: string;
    subtitle: string;
    plans: PlanView[];
    benefits: BenefitView[];
  };
  team: Array<{ name: string; role: string; photo: ImageData }>;
  curriculum: {
    name: string;
    title: string;
    registry: string;
    summary: string;
    education: string[];
    experience: string[];
    photo: ImageData;
  };
  gallery: Array<ImageData & { caption: string }>;
  partners: Array<{ name: string; logo: ImageData; url?: string }>;
  covenants: Array<{ name: string; logo: ImageData; url?: string }>;
  cta: PageText;
}

export interface ServicesData {
  page: PageText;
  /** Fallback already applied at build time. */
  descriptionService: string;
  services: ServiceView[];
  cta: PageText;
  ctaImage: ImageData;
  whatsHref: string;
  phone: string;
}

export interface GalleryData {
  page: PageText;
  photos: Array<ImageData & { caption: string }>;
  videos: Array<{ title: string; url: string; duration: string; poster: ImageData }>;
}

export interface ContactData {
  page: PageText;
  endereco: string;
  mapsHref: string;
  phones: { agendamento: string[]; fixos: string[]; plantao: string[]; whatsapp: string[] };
  horarios: Array<{ dias: string; horas: string }>;
  social: SocialLinks;
  whatsHref: string;
  qr: { size: number; path: string };
  units: UnitView[];
  image: ImageData;
}

export interface ErrorPageData {
  image: ImageData;
  phone: string;
}

/** Slice `footer`. */
export interface FooterData {
  companyName: string;
  slogan: string;
  cidade: string;
  logo: ImageData;
  units: UnitView[];
  endereco: string;
  phones: { agendamento: string; plantao: string };
  horarios: Array<{ dias: string; horas: string }>;
  social: SocialLinks;
  badge: { type: BadgeKind; label?: string };
}

/**
 * Each component of browser.ts and the data it takes: tsc checks the routes and slices of site.ts
 * and the components of browser.ts against it, so a route's data is what its page reads.
 */
export interface SiteComponents {
  home: HomeData;
  services: ServicesData;
  gallery: GalleryData;
  contact: ContactData;
  notFound: ErrorPageData;
  serverError: ErrorPageData;
  footer: FooterData;
}
