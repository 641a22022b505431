/**
 * Lighthouse pages section: Lighthouse mobile (median of the runs) on `/` and `/galeria/` of
 * the clinic as built by the clinic section, and of the same clinic whose gallery holds six
 * 4000×3000 phone photos (the images section's photos), built here with `ssg build --content`.
 */
import { cpSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { lighthouse } from './browser.mjs';
import { ensurePhotos } from './images.mjs';
import { runMeasured } from './measure.mjs';
import { serveStatic } from './static-server.mjs';

/** @import { Log, Section } from './types' */

const PAGES = ['/', '/galeria/'];
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The clinic (vet) with six phone photos in its gallery, built into `<benchDir>/clinic-photos/dist`. */
/**
 * @param {{ benchDir: string, repoRoot: string, log: Log }} options
 */
async function buildWithPhotos({ benchDir, repoRoot, log }) {
  const root = join(benchDir, 'clinic-photos');
  const content = join(root, 'content');
  const outDir = join(root, 'dist');
  rmSync(content, { recursive: true, force: true });
  cpSync(join(repoRoot, 'content'), content, { recursive: true });
  const photos = await ensurePhotos(join(benchDir, 'images', 'photos'), repoRoot, log);
  const galleryFile = join(content, 'gallery.json');
  /** @type {{ photos: { file: string }[] }} */
  const gallery = JSON.parse(readFileSync(galleryFile, 'utf8'));
  for (const [i, photo] of gallery.photos.entries()) {
    const name = photos[i % photos.length];
    if (!name) throw new Error(`no phone photos in ${join(benchDir, 'images', 'photos')}`);
    photo.file = `foto-${i + 1}.jpg`;
    linkSync(join(benchDir, 'images', 'photos', name), join(content, 'images', photo.file));
  }
  writeFileSync(galleryFile, JSON.stringify(gallery, null, 2));
  mkdirSync(join(benchDir, 'logs'), { recursive: true });
  const m = await runMeasured(
    process.execPath,
    [
      join(repoRoot, 'packages', 'ssg-cli', 'bin', 'ssg.mjs'),
      'build',
      '--brand',
      'vet',
      '--content',
      content,
      '--out',
      outDir,
    ],
    { cwd: repoRoot, logFile: join(benchDir, 'logs', 'clinic-photos.log'), env: { NO_COLOR: '1' } },
  );
  if (!m.ok) throw new Error(`clinic build with photos failed (exit ${m.code}):\n${m.error}`);
  log(
    `  clinic with ${gallery.photos.length} phone photos built: ${(m.ms / 1000).toFixed(1)} s (load ${load()})`,
  );
  return { outDir, photos: gallery.photos.length };
}

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
