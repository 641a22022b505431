/**
 * Lighthouse pages section: Lighthouse mobile (median of the runs) on `/` and `/galeria/` of
 * the clinic as built by the clinic section, and of the same clinic whose gallery holds six
 * 4000×3000 phone photos (the images section's photos), built here with `ssg build --content`.
 */
import os from 'node:os';
import { lighthouse } from './browser.mjs';
import { buildWithPhotos } from './clinic-photos.mjs';
import { serveStatic } from './static-server.mjs';

/** @import { Section } from './types' */

const PAGES = ['/', '/galeria/'];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/**
 * @typedef {{ build: string, page: string, load: string }
 *   & Awaited<ReturnType<typeof lighthouse>>} PageRow
 */

export default /** @satisfies {Section<{ runs: number, rows: PageRow[] }>} */ ({
  name: 'lighthouse-pages',
  async run(ctx) {
    const { benchDir, repoRoot, settings, log } = ctx;
    const builds = [{ name: 'clinic', url: (await ctx.serveClinic()).url }];
    const withPhotos = await buildWithPhotos({ benchDir, repoRoot, log });
    const server = await serveStatic(withPhotos.outDir);
    builds.push({ name: `clinic, ${withPhotos.photos} phone photos`, url: server.url });
    /** @type {PageRow[]} */
    const rows = [];
    try {
      for (const build of builds) {
        for (const page of PAGES) {
          log(`  ${build.name} ${page}:`);
          const res = await lighthouse({
            benchDir,
            url: `${build.url}${page}`,
            runs: settings.lighthouseRuns,
            log,
          });
          rows.push({ build: build.name, page, load: load(), ...res });
        }
      }
    } finally {
      await server.close?.();
    }
    return { runs: settings.lighthouseRuns, rows };
  },
  report(res) {
    const ms = (/** @type {number} */ v) =>
      typeof v === 'number' && Number.isFinite(v) ? `${Math.round(v)} ms` : '—';
    return [
      [
        `Lighthouse mobile on each page (median of ${res.runs}; budget: performance 100, LCP ≤ 2.0 s, CLS 0, TBT ≤ 30 ms)`,
        {
          headers: ['build', 'page', 'perf', 'LCP', 'TBT', 'CLS', 'a11y', 'bp', 'seo', 'load'],
          rows: res.rows.map((r) => [
            r.build,
            r.page,
            String(r.median.performance),
            ms(r.median.lcpMs),
            ms(r.median.tbtMs),
            Number(r.median.cls).toFixed(3),
            String(r.median.accessibility),
            String(r.median.bestPractices),
            String(r.median.seo),
            r.load,
          ]),
        },
      ],
    ];
  },
});
