/**
 * Images section: 100 phone-sized JPEGs (4000×3000, made with sharp once, kept in
 * .bench/images/photos) imported by a page and shown responsive, built by our ssg (<Image>,
 * imported photos) and by Astro 5 (astro:assets <Picture>) with the same widths and formats
 * (AVIF + WebP + a JPEG fallback at 320…2048 px). Each tool: a cold build (output and image
 * cache removed) then a warm one (nothing changed); wall time and peak memory of the process
 * tree, with the load average. Also ours without the photos, for the memory the photos add.
 * The page lays the photos out in a gallery grid and both tools get its `sizes`; Astro is given
 * the widths 320…2048 (its <Picture> takes widths as written), ours makes those its sizes can ask
 * for at 2× (320…1280). Quality and effort are each tool's defaults (ours: AVIF q50 effort 3 4:2:0,
 * WebP q60, JPEG q75 with mozjpeg; Astro: sharp's, AVIF q50 effort 4 4:4:4, WebP q80, JPEG q80):
 * the bytes column shows them. Also: our bytes per format and width, the SSIM of our AVIF and WebP
 * against the 4:4:4 AVIF of the same width, and what a phone downloads of the clinic's gallery
 * of six such photos (clinic-photos.mjs).
 */

import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { galleryBytes } from './clinic-photos.mjs';
import { median, runMeasured } from './measure.mjs';
import { outputAndBuilds } from './output-paths.mjs';
import { ensurePeer } from './peers.mjs';
import { linkWorkspacePackages } from './ssg-site.mjs';
import { ssimOfFiles } from './ssim.mjs';

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
 *   photosAdd?: { peakBytes: number, warmMs: number }, encoding?: WidthFigures[],
 *   gallery?: Awaited<ReturnType<typeof galleryBytes>> | { error: string } }} ImagesResult
 */
/**
 * @typedef {{ width: number, avif: number, webp: number, jpeg: number,
 *   ssimAvif?: number, ssimWebp?: number }} WidthFigures
 */
/** @typedef {(v: number | undefined) => string} Format */

export const PHOTOS = 100;
const WIDTHS = [320, 480, 640, 960, 1280, 1600, 2048];
/** The page's grid (the clinic's gallery): one column under 640 px, two to 768, three above. */
const SIZES = '(min-width: 1160px) 360px, (min-width: 769px) 31vw, (min-width: 640px) 47vw, 92vw';
/** Photos whose variants are compared with the 4:4:4 encode (each takes seconds at 2048 px). */
const SSIM_PHOTOS = 2;
/** The design's budgets for this section. */
const BUDGET = { galleryBytes: 300 * 1024, astroOverOurs: 4, ssim: 0.97 };
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
  // the sizes reach the image service with the import, so only the widths they ask for are made
  const glob = withPhotos
    ? `import.meta.glob<ImageData>('./photos/*.jpg', { eager: true, import: 'default', query: { sizes: ${JSON.stringify(SIZES)} } })`
    : '{} as Record<string, ImageData>';
  writeFileSync(
    join(site, 'src', 'gallery.tsx'),
    `import { Image, type ImageData } from '@ssg/cli/image';
const photos = Object.values(${glob});
export default function Gallery() {
  return <main><h1>Photos</h1>{photos.map((p) => <Image key={p.src} image={p} alt="" sizes={${JSON.stringify(SIZES)}} />)}</main>;
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
{photos.map((p) => <Picture src={p} alt="" formats={['avif', 'webp']} fallbackFormat="jpg" widths={${JSON.stringify(WIDTHS)}} width={2048} sizes=${JSON.stringify(SIZES)} />)}
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
 * Our output's bytes per format and width (mean over the photos) and, for the first photos, the
 * SSIM of our AVIF and WebP against the AVIF of the same width at 4:4:4 (q50, effort 3: our
 * settings before 4:2:0).
 * @param {string} repoRoot
 * @param {string} photosDir
 * @param {string} dist
 * @returns {Promise<WidthFigures[]>}
 */
async function encodingFigures(repoRoot, photosDir, dist) {
  const require = createRequire(join(repoRoot, 'packages', 'ssg-cli', 'package.json'));
  /** @type {typeof import('sharp')} */
  const sharp = require('sharp');
  const dir = join(dist, '_ssg', 'image');
  /** @type {Map<string, Map<number, Record<string, string>>>} photo → width → format → file */
  const byPhoto = new Map();
  for (const f of existsSync(dir) ? readdirSync(dir) : []) {
    const m = /^(photo-\d+)\.[0-9a-f]+-(\d+)\.(avif|webp|jpg)$/.exec(f);
    if (!m) continue;
    const [, photo = '', w = '', ext = ''] = m;
    const widths = byPhoto.get(photo) ?? new Map();
    byPhoto.set(photo, widths);
    widths.set(Number(w), { ...widths.get(Number(w)), [ext]: join(dir, f) });
  }
  const photos = [...byPhoto.keys()].sort();
  const widths = [...new Set(photos.flatMap((p) => [...(byPhoto.get(p)?.keys() ?? [])]))].sort(
    (a, b) => a - b,
  );
  const mean = (/** @type {number} */ w, /** @type {string} */ ext) =>
    photos.reduce((sum, p) => {
      const file = byPhoto.get(p)?.get(w)?.[ext];
      return sum + (file ? statSync(file).size : 0);
    }, 0) / Math.max(1, photos.length);
  /** @type {WidthFigures[]} */
  const rows = [];
  for (const width of widths) {
    /** @type {WidthFigures} */
    const row = {
      width,
      avif: mean(width, 'avif'),
      webp: mean(width, 'webp'),
      jpeg: mean(width, 'jpg'),
    };
    for (const photo of photos.slice(0, SSIM_PHOTOS)) {
      const files = byPhoto.get(photo)?.get(width);
      if (!files?.avif || !files.webp) continue;
      const reference = await sharp(join(photosDir, `${photo}.jpg`))
        .autoOrient()
        .resize({ width })
        .avif({ quality: 50, effort: 3, chromaSubsampling: '4:4:4' })
        .toBuffer();
      const avif = await ssimOfFiles(sharp, readFileSync(files.avif), reference);
      const webp = await ssimOfFiles(sharp, readFileSync(files.webp), reference);
      // the worst photo's
      row.ssimAvif = Math.min(row.ssimAvif ?? 1, avif);
      row.ssimWebp = Math.min(row.ssimWebp ?? 1, webp);
    }
    rows.push(row);
  }
  return rows;
}

/**
 * Runs the section; returns a plain JSON-able object (figures per tool, cold and warm).
 * @param {{ benchDir: string, repoRoot: string, runs?: number, photos?: number, only?: string[],
 *   gallery?: boolean, log: Log }} options
 * @returns {Promise<ImagesResult>}
 */
export async function runImages({
  benchDir,
  repoRoot,
  runs = 1,
  photos = PHOTOS,
  only,
  gallery = true,
  log,
}) {
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
      if (name === 'ssg' && r === 0 && !entry.error) {
        result.encoding = await encodingFigures(repoRoot, join(root, 'photos'), dist);
        for (const row of result.encoding)
          log(
            `  ${row.width} px: AVIF ${kb(row.avif)}, WebP ${kb(row.webp)}, JPEG ${kb(row.jpeg)}; SSIM against 4:4:4: AVIF ${ssim(row.ssimAvif)}, WebP ${ssim(row.ssimWebp)}`,
          );
      }
    }
  }
  if (gallery)
    result.gallery = await galleryBytes({ benchDir, repoRoot, log }).catch((error) => ({
      error: String(error?.stack ?? error),
    }));
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
  const widthRows = (res.encoding ?? []).map((w) => [
    `${w.width} px`,
    kb(w.avif),
    kb(w.webp),
    kb(w.jpeg),
    ssim(w.ssimAvif),
    ssim(w.ssimWebp),
  ]);
  const lowest = Math.min(...(res.encoding ?? []).map((w) => w.ssimAvif ?? 1));
  const lowestWebp = Math.min(...(res.encoding ?? []).map((w) => w.ssimWebp ?? 1));
  const g = res.gallery;
  const galleryLines =
    !g || 'error' in g
      ? [`gallery: ${g ? `failed: ${g.error.split('\n')[0]}` : 'not measured'}`]
      : g.visits.map(
          (v) =>
            `gallery of ${g.photos} phone photos on /galeria/ at ${v.width} px (${v.scale}x), in Chromium: ${kb(v.bytes)} in ${v.files} files, ${v.types.join(' ')} at ${v.widths.join('/')} px (budget: ≤ ${kb(BUDGET.galleryBytes)}; load ${g.load})`,
        );
  const ratio = res.astroOverOurs?.cold;
  return [
    [
      `Images: ${res.photos} photos of ${res.size} in a gallery grid, ${res.formats.join('+')}, Astro at ${res.widths.join('/')} px, ours at ${(res.encoding ?? []).map((w) => w.width).join('/') || '—'} px (what the grid's sizes ask for at 2x) (median of ${res.runs}; peak = process tree; load = 1/5/15-min average after the build)`,
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
      `Images: our bytes per photo by format and width (mean of ${res.photos}) and SSIM of the first ${SSIM_PHOTOS} (lowest) against the 4:4:4 AVIF of the same width`,
      {
        headers: ['width', 'AVIF', 'WebP', 'JPEG', 'SSIM AVIF', 'SSIM WebP'],
        rows: widthRows,
      },
    ],
    [
      'Images budgets',
      [
        `cold: Astro takes ${x(ratio)} our time, ${res.tools.astro?.imageFiles ?? '—'} files against our ${res.tools.ssg?.imageFiles ?? '—'} (budget: ≥ ${BUDGET.astroOverOurs}×: ${ratio === undefined ? '—' : ratio >= BUDGET.astroOverOurs ? 'met' : 'missed'}; load ${last(res.tools.astro?.cold ?? [])} and ${last(res.tools.ssg?.cold ?? [])})`,
        `SSIM against the 4:4:4 encode: AVIF ≥ ${ssim(lowest)}, WebP ≥ ${ssim(lowestWebp)} at every width (budget: ≥ ${BUDGET.ssim})`,
        ...galleryLines,
        `warm: ours ${s(res.tools.ssg?.median?.warm)}, ${s(add?.warmMs)} more than without the photos (budget: ≤ 1 s of image work)`,
        `memory: the photos add ${mb(add?.peakBytes)} to our cold build's peak (budget: ≤ +300 MB)`,
      ],
    ],
  ];
}

/** @type {Format} */
const kb = (b) =>
  typeof b === 'number' && Number.isFinite(b) ? `${(b / 1024).toFixed(1)} KB` : '—';
/** @type {Format} */
const ssim = (v) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(4) : '—');
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
