/**
 * Images section: 100 phone-sized JPEGs (4000×3000, made with sharp once, kept in
 * .bench/images/photos) imported by a page and shown responsive, built by our ssg (<Image>,
 * imported photos) and by Astro 5 (astro:assets <Picture>) with the same widths and formats
 * (AVIF + WebP + a JPEG fallback at 320…2048 px). Each tool: a cold build (output and image
 * cache removed) then a warm one (nothing changed); wall time and peak memory of the process
 * tree, with the load average. Also ours without the photos, for the memory the photos add.
 * Quality and effort are each tool's defaults (ours: AVIF q50 effort 3, WebP q72, JPEG q75 with
 * mozjpeg; Astro: sharp's, AVIF q50 effort 4, WebP q80, JPEG q80): the bytes column shows them.
 */

import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { median, runMeasured } from './measure.mjs';
import { outputAndBuilds } from './output-paths.mjs';
import { ensurePeer } from './peers.mjs';
import { linkWorkspacePackages } from './ssg-site.mjs';

/** @import { Failed, Log, ReportBlock, Section } from './types' */
/** @typedef {{ ms: number, peakBytes: number, load: number[] }} ImageBuild */
/**
 * @typedef {{ label: string, cold: ImageBuild[], warm: ImageBuild[], error?: string,
 *   imageFiles?: number, imageBytes?: number,
 *   median?: { cold: number, warm: number, coldPeak: number, warmPeak: number } }} ImagesEntry
 */
/**
 * @typedef {{ photos: number, size: string, widths: number[], formats: string[], runs: number,
 *   tools: Record<string, ImagesEntry>, astroOverOurs?: { cold: number, warm: number },
 *   photosAdd?: { peakBytes: number, warmMs: number } }} ImagesResult
 */
/** @typedef {(v: number | undefined) => string} Format */

export const PHOTOS = 100;
const WIDTHS = [320, 480, 640, 960, 1280, 1600, 2048];
const here = import.meta.dirname;

/**
 * The photos, made once: a smooth scene under sensor-like grain, ~3 MB each like a phone's.
 * @param {string} dir
 * @param {string} repoRoot
 * @param {Log} log
 */
export async function ensurePhotos(dir, repoRoot, log) {
  mkdirSync(dir, { recursive: true });
  const names = Array.from(
    { length: PHOTOS },
    (_, i) => `photo-${String(i + 1).padStart(3, '0')}.jpg`,
  );
  const missing = names.filter((n) => !existsSync(join(dir, n)));
  if (missing.length === 0) return names;
  log(`  making ${missing.length} photos of 4000×3000 with sharp in ${dir} (once)…`);
  const require = createRequire(join(repoRoot, 'packages', 'ssg-cli', 'package.json'));
  /** @type {typeof import('sharp')} */
  const sharp = require('sharp');
  const grain = await sharp({
    create: {
      width: 509,
      height: 509,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .raw()
    .toBuffer();
  for (const name of missing) {
    const seed = Number(name.slice(6, 9));
    /** @type {import('sharp').CreateRaw} */
    const small = { width: 50, height: 38, channels: 3 };
    const scene = Buffer.alloc(small.width * small.height * 3);
    let x = seed * 2654435761;
    for (let i = 0; i < scene.length; i++) {
      x = (x * 1103515245 + 12345) >>> 0; // fixed per seed: the same photos on every machine
      scene[i] = 40 + ((x >>> 16) % 180);
    }
    await sharp(scene, { raw: small })
      .resize(4000, 3000, { kernel: 'cubic' })
      .composite([
        {
          input: grain,
          raw: { width: 509, height: 509, channels: 3 },
          tile: true,
          blend: 'overlay',
        },
      ])
      .jpeg({ quality: 90 })
      .toFile(join(dir, name));
  }
  return names;
}

/**
 * Hard links of the photos into a site's src/photos (cheap, and each tool reads its own folder).
 * @param {string} photosDir
 * @param {string[]} names
 * @param {string} site
 */
function linkPhotos(photosDir, names, site) {
  const to = join(site, 'src', 'photos');
  mkdirSync(to, { recursive: true });
  for (const n of names) if (!existsSync(join(to, n))) linkSync(join(photosDir, n), join(to, n));
}

/**
 * Our site: one page importing every photo with import.meta.glob and showing each as <Image>.
 * @param {string} site
 * @param {boolean} withPhotos
 */
function writeOurSite(site, withPhotos) {
  mkdirSync(join(site, 'src'), { recursive: true });
  mkdirSync(join(site, 'content'), { recursive: true });
  writeFileSync(
    join(site, 'package.json'),
    '{ "name": "bench-images", "private": true, "type": "module" }\n',
  );
  writeFileSync(
    join(site, 'src', 'site.ts'),
    `import { defineSite } from '@ssg/cli/site';
export default defineSite<null>({
  loadContent: async () => ({ ok: true, content: null, files: [] }),
  routes: () => [
    { path: '/', component: 'gallery', data: {}, head: { title: 'Photos' } },
    { path: '/404.html', component: 'gallery', data: {}, head: { title: 'Not found' } },
    { path: '/500.html', component: 'gallery', data: {}, head: { title: 'Error' } },
  ],
  staticQueries: [],
});
`,
  );
  writeFileSync(
    join(site, 'src', 'browser.ts'),
    `import { defineBrowser } from '@ssg/cli/site';
export default defineBrowser({ components: { gallery: () => import('./gallery.tsx') } });
`,
  );
  const glob = withPhotos
    ? `import.meta.glob<ImageData>('./photos/*.jpg', { eager: true, import: 'default' })`
    : '{} as Record<string, ImageData>';
  writeFileSync(
    join(site, 'src', 'gallery.tsx'),
    `import { Image, type ImageData } from '@ssg/cli/image';
const photos = Object.values(${glob});
export default function Gallery() {
  return <main><h1>Photos</h1>{photos.map((p) => <Image key={p.src} image={p} alt="" sizes="100vw" />)}</main>;
}
`,
  );
}

/**
 * Astro's site: the same page with astro:assets' <Picture>, same widths and formats.
 * @param {string} site
 */
function writeAstroSite(site) {
  mkdirSync(join(site, 'src', 'pages'), { recursive: true });
  writeFileSync(
    join(site, 'package.json'),
    '{ "name": "bench-astro-images", "private": true, "type": "module" }\n',
  );
  writeFileSync(
    join(site, 'astro.config.mjs'),
    "import { defineConfig } from 'astro/config';\nexport default defineConfig({ output: 'static' });\n",
  );
  writeFileSync(
    join(site, 'src', 'pages', 'index.astro'),
    `---
import { Picture } from 'astro:assets';
const photos = Object.values(import.meta.glob('../photos/*.jpg', { eager: true, import: 'default' }));
---
<html lang="en"><head><meta charset="utf-8" /><title>Photos</title></head>
<body><main><h1>Photos</h1>
{photos.map((p) => <Picture src={p} alt="" formats={['avif', 'webp']} fallbackFormat="jpg" widths={${JSON.stringify(WIDTHS)}} width={2048} sizes="100vw" />)}
</main></body></html>
`,
  );
}

/**
 * Number and total bytes of the image files a build wrote.
 * @param {string} dir
 */
function imagesIn(dir) {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.(avif|webp|jpe?g)$/.test(f));
  return {
    files: files.length,
    bytes: files.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0),
  };
}

/**
 * Runs the section; returns a plain JSON-able object (figures per tool, cold and warm).
 * @param {{ benchDir: string, repoRoot: string, runs?: number, photos?: number, only?: string[],
 *   log: Log }} options
 * @returns {Promise<ImagesResult>}
 */
export async function runImages({ benchDir, repoRoot, runs = 1, photos = PHOTOS, only, log }) {
  const root = join(benchDir, 'images');
  const names = (await ensurePhotos(join(root, 'photos'), repoRoot, log)).slice(0, photos);
  linkWorkspacePackages(benchDir, repoRoot);
  const astro = ensurePeer(benchDir, 'astro', log);
  const ssgSites = join(benchDir, 'ssg', 'sites');
  const ours = join(ssgSites, 'images-100');
  const bare = join(ssgSites, 'images-0');
  const astroSite = join(benchDir, 'astro', 'sites', 'images-100');
  writeOurSite(ours, true);
  writeOurSite(bare, false);
  writeAstroSite(astroSite);
  linkPhotos(join(root, 'photos'), names, ours);
  linkPhotos(join(root, 'photos'), names, astroSite);

  const ssgCommand = (/** @type {string} */ site) => ({
    cmd: process.execPath,
    args: [
      join(here, 'ssg-build.mjs'),
      site,
      join(site, 'content'),
      join(site, 'dist'),
      join(site, 'result.json'),
    ],
  });
  /**
   * @type {Record<string, { label: string, site: string, caches: string[], cmd: string,
   *   args: string[], env?: Record<string, string> }>}
   */
  const tools = {
    ssg: { label: 'ssg (ours)', site: ours, caches: ['dist', 'node_modules'], ...ssgCommand(ours) },
    bare: {
      label: 'ssg, same site without the photos',
      site: bare,
      caches: ['dist', 'node_modules'],
      ...ssgCommand(bare),
    },
    astro: {
      label: `Astro ${astro.version}`,
      site: astroSite,
      caches: ['dist', '.astro', 'node_modules'],
      cmd: join(benchDir, 'astro', 'node_modules', '.bin', 'astro'),
      args: ['build', '--silent'],
      env: { ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    },
  };
  const logFile = join(benchDir, 'logs', 'images.log');
  /** @type {ImagesResult} */
  const result = {
    photos,
    size: '4000×3000',
    widths: WIDTHS,
    formats: ['avif', 'webp', 'jpeg'],
    runs,
    tools: {},
  };
  for (let r = 0; r < runs; r++) {
    for (const [name, tool] of Object.entries(tools)) {
      if (only && !only.includes(name)) continue;
      let entry = result.tools[name];
      if (!entry) {
        entry = { label: tool.label, cold: [], warm: [] };
        result.tools[name] = entry;
      }
      if (entry.error) continue;
      for (const c of tool.caches)
        for (const p of outputAndBuilds(join(tool.site, c)))
          rmSync(p, { recursive: true, force: true });
      for (const kind of /** @type {const} */ (['cold', 'warm'])) {
        const m = await runMeasured(tool.cmd, tool.args, {
          cwd: tool.site,
          env: tool.env,
          logFile,
          timeoutMs: 40 * 60_000,
        });
        const load = loadavg().map((l) => Math.round(l * 10) / 10);
        if (!m.ok) {
          entry.error = `${kind} build failed (exit ${m.code}): ${m.error}`;
          log(
            `  ${tool.label} ${kind} FAILED: ${entry.error.split('\n').slice(0, 8).join('\n    ')}`,
          );
          break;
        }
        entry[kind].push({ ms: m.ms, peakBytes: m.peakBytes, load });
        log(
          `  ${tool.label} ${kind} #${r + 1}: ${(m.ms / 1000).toFixed(2)} s, peak ${(m.peakBytes / 2 ** 20).toFixed(0)} MB (load ${load.join(' ')})`,
        );
      }
      const dist = join(tool.site, 'dist');
      ({ files: entry.imageFiles, bytes: entry.imageBytes } = imagesIn(dist));
    }
  }
  for (const entry of Object.values(result.tools)) {
    if (entry.error) continue;
    entry.median = {
      cold: median(entry.cold.map((x) => x.ms)),
      warm: median(entry.warm.map((x) => x.ms)),
      coldPeak: median(entry.cold.map((x) => x.peakBytes)),
      warmPeak: median(entry.warm.map((x) => x.peakBytes)),
    };
  }
  const [s, a, b] = [
    result.tools.ssg?.median,
    result.tools.astro?.median,
    result.tools.bare?.median,
  ];
  if (s && a) result.astroOverOurs = { cold: a.cold / s.cold, warm: a.warm / s.warm };
  if (s && b) result.photosAdd = { peakBytes: s.coldPeak - b.coldPeak, warmMs: s.warm - b.warm };
  return result;
}

/**
 * The section's table for report.mjs: [title, { headers, rows }] and a line of budgets.
 * @param {ImagesResult | Failed} res
 * @param {{ s: Format, mb: Format, x: Format }} format
 * @returns {ReportBlock[]}
 */
export function imagesReport(res, { s, mb, x }) {
  if ('error' in res) return [['Images', [`failed: ${String(res.error).split('\n')[0]}`]]];
  const last = (/** @type {ImageBuild[]} */ list) => list.at(-1)?.load?.join(' / ') ?? '—';
  const rows = Object.values(res.tools).map((e) =>
    e.error || !e.median
      ? [e.label, 'failed', '', '', '', '', '', '', '']
      : [
          e.label,
          s(e.median.cold),
          mb(e.median.coldPeak),
          last(e.cold),
          s(e.median.warm),
          mb(e.median.warmPeak),
          last(e.warm),
          String(e.imageFiles ?? '—'),
          mb(e.imageBytes),
        ],
  );
  const add = res.photosAdd;
  return [
    [
      `Images: ${res.photos} photos of ${res.size}, ${res.formats.join('+')} at ${res.widths.join('/')} px (median of ${res.runs}; peak = process tree; load = 1/5/15-min average after the build)`,
      {
        headers: [
          'tool',
          'cold',
          'cold peak',
          'load',
          'warm',
          'warm peak',
          'load',
          'image files',
          'image bytes',
        ],
        rows,
      },
    ],
    [
      'Images budgets',
      [
        `cold: Astro takes ${x(res.astroOverOurs?.cold)} our time (budget: ours faster, > 1.0×)`,
        `warm: ours ${s(res.tools.ssg?.median?.warm)}, ${s(add?.warmMs)} more than without the photos (budget: ≤ 1 s of image work)`,
        `memory: the photos add ${mb(add?.peakBytes)} to our cold build's peak (budget: ≤ +300 MB)`,
      ],
    ],
  ];
}

/** @type {Format} */
const seconds = (ms) =>
  typeof ms === 'number' && Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—';
/** @type {Format} */
const megabytes = (b) =>
  typeof b === 'number' && Number.isFinite(b) && b > 0 ? `${Math.round(b / 2 ** 20)} MB` : '—';
/** @type {Format} */
const times = (r) => (typeof r === 'number' && Number.isFinite(r) ? `${r.toFixed(1)}×` : '—');

/** The section for bench.mjs's registry: 100 photos take long, so it runs once a bench. */
export default /** @satisfies {Section<ImagesResult>} */ ({
  name: 'images',
  run: (ctx) =>
    runImages({
      benchDir: ctx.benchDir,
      repoRoot: ctx.repoRoot,
      runs: 1,
      log: ctx.log,
      // --tools: `ssg` is ours with and without the photos, `astro` is Astro 5's astro:assets
      only: ['ssg', 'bare', 'astro'].filter((n) =>
        ctx.settings.tools.includes(n === 'bare' ? 'ssg' : n),
      ),
    }),
  report: (res) => imagesReport(res, { s: seconds, mb: megabytes, x: times }),
});
