/** Synthetic benchmark site: one route per entry of content/pages.json, one page component. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineSite } from '@ssg/cli/site';
import type { BenchPage } from './types.ts';

const FILE = 'pages.json';

export default defineSite<BenchPage[]>({
  brands: ['bench'],
  lang: 'en',
  async loadContent({ contentDir }) {
    try {
      const pages = JSON.parse(await readFile(join(contentDir, FILE), 'utf8')) as BenchPage[];
      if (!Array.isArray(pages)) {
        return {
          ok: false,
          issues: [
            {
              file: FILE,
              path: '',
              value: typeof pages,
              message: 'Expected an array of pages; regenerate it with bench/generate.mjs.',
            },
          ],
        };
      }
      return { ok: true, content: pages, files: [FILE] };
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
  routes: (pages) => {
    const first = pages.slice(0, 5).map((p) => ({ to: p.path, label: p.title }));
    const message = (path: string, title: string) => ({
      path,
      component: 'message',
      data: { title, links: first },
      head: { title },
    });
    return [
      message('/', 'Benchmark site'),
      ...pages.map((page) => ({
        path: page.path,
        component: 'page',
        data: page,
        head: { title: page.title },
      })),
      message('/404.html', 'Not found'),
      message('/500.html', 'Something went wrong'),
    ];
  },
  staticQueries: [],
});
