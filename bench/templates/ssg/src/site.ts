/**
 * Synthetic benchmark site: one route per entry of content/pages.json, one page component. The
 * file is read as an index (page-index.ts) and each page's data is read when the build renders it
 * (`loadData`), so memory holds the route list, not the 150 MB of pages at 100,000 pages.
 */
import { join } from 'node:path';
import { defineSite } from '@ssg/cli/site';
import { indexPages, type PageIndex } from './page-index.ts';

const FILE = 'pages.json';

export default defineSite<PageIndex>({
  brands: ['bench'],
  lang: 'en',
  async loadContent({ contentDir }) {
    try {
      return { ok: true, content: indexPages(join(contentDir, FILE)), files: [FILE] };
    } catch (err) {
      return {
        ok: false,
        issues: [
          {
            file: FILE,
            path: '',
            message: `Could not read ${FILE} (${(err as Error).message}); generate it with bench/generate.mjs.`,
          },
        ],
      };
    }
  },
  // The N pages, plus the three pages every site of ours has (the Gatsby and Astro sites
  // get a home and a 404 page too).
  routes: (index) => {
    const first = index.entries.slice(0, 5).map((p) => ({ to: p.path, label: p.title }));
    const message = (path: string, title: string) => ({
      path,
      component: 'message',
      data: { title, links: first },
      head: { title },
    });
    return [
      message('/', 'Benchmark site'),
      ...index.entries.map((entry) => ({
        path: entry.path,
        component: 'page',
        loadData: () => index.read(entry),
        head: { title: entry.title },
      })),
      message('/404.html', 'Not found'),
      message('/500.html', 'Something went wrong'),
    ];
  },
  staticQueries: [],
});
