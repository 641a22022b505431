/**
 * The site's route table: each page's path, component, page name, head tags and the view it
 * shows (the views are built in the files beside this one).
 */
import { imagePreload } from '@ssg/cli/image';
import type { HeadTags, SiteRoute } from '@ssg/cli/site';
import type { Content } from '../content/schema.ts';
import { fillBrandText, pageHead, unitsJsonLd } from '../content/seo.ts';
import { HERO_SIZES } from '../lib/image-sizes.ts';
import type { SiteComponents, SitePageContext } from '../lib/page-data.ts';
import { contactView } from './contact-view.ts';
import { errorView } from './error-view.ts';
import { galleryView } from './gallery-view.ts';
import { homeView } from './home-view.ts';
import { servicesView } from './services-view.ts';

/** The head with the page's main image fetched first (`<Image priority>` above the fold). */
const withPreload = (head: HeadTags, link: NonNullable<HeadTags['link']>[number]): HeadTags => ({
  ...head,
  link: [...(head.link ?? []), link],
});

const ctx = (pageName?: string): SitePageContext => (pageName ? { pageName } : {});

export function routeTable(c: Content): SiteRoute<SiteComponents>[] {
  const name = c.company.companyName;
  const fill = (t: string) => fillBrandText(c, t);
  const home = homeView(c);
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
      data: servicesView(c),
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
      data: galleryView(c),
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
      data: contactView(c),
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
      data: errorView(c, c.images.notFound),
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
      data: errorView(c, c.images.serverError),
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
