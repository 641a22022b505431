/**
 * The clinic site at build time: brands, content loading, the route table (routes/), the footer
 * slice, static queries, sitemap.xml / robots.txt and the folders copied as they are.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineSite } from '@ssg/cli/site';
import { BRANDS } from './brands.ts';
import { analyticsSources } from './content/analytics-csp.ts';
import { brandIllustrations } from './content/brand-illustrations.ts';
import { robotsTxt, sitemapXml } from './content/crawler-files.ts';
import { loadContent } from './content/load-content.ts';
import { processPhotos } from './content/photos.ts';
import type { Content } from './content/schema.ts';
import { makeShareCard } from './content/share-card.ts';
import type { SiteComponents } from './lib/page-data.ts';
import { staticQueries } from './queries.ts';
import { footerView } from './routes/footer-view.ts';
import { routeTable } from './routes/route-table.ts';

const require = createRequire(import.meta.url);
const fontsDir = path.dirname(
  require.resolve('@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2'),
);

export default defineSite<Content, SiteComponents>({
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
  routes: routeTable,
  slices: (c) => [{ name: 'footer', component: 'footer', data: footerView(c) }],
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
