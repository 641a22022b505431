/**
 * The clinic (vet) whose gallery holds six 4000×3000 phone photos (the images section's), built
 * with `ssg build --content`; and what a phone downloads of them on /galeria/, in Chromium.
 */
import { cpSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.mjs';
import { ensurePhotos } from './images.mjs';
import { runMeasured } from './measure.mjs';
import { serveStatic } from './static-server.mjs';

/** @import { Log } from './types' */

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The clinic (vet) with six phone photos in its gallery, built into `<benchDir>/clinic-photos/dist`. */
/**
 * @param {{ benchDir: string, repoRoot: string, log: Log }} options
 */
export async function buildWithPhotos({ benchDir, repoRoot, log }) {
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
 * Bytes of the gallery's photos Chromium fetches on /galeria/ at `width` CSS px and `scale`
 * device pixels a CSS pixel, scrolled to the end (every lazy photo loaded).
 * @param {{ repoRoot: string, url: string, width: number, scale: number }} options
 */
async function galleryVisit({ repoRoot, url, width, scale }) {
  const require = createRequire(join(repoRoot, 'package.json'));
  /** @type {typeof import('puppeteer-core')} */
  const puppeteer = require('puppeteer-core');
  const profile = join(os.tmpdir(), `bench-gallery-${process.pid}-${width}-${scale}`);
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width, height: 844, deviceScaleFactor: scale, isMobile: true });
    /** @type {Promise<{ bytes: number, type: string, width: number }>[]} */
    const fetched = [];
    page.on('response', (response) => {
      const m = /\/_ssg\/image\/foto-[^/]*-(\d+)\.\w+$/.exec(response.url());
      // bytes over the network: a preloaded photo the picture then takes from the cache is one fetch
      if (!m || response.fromCache()) return;
      const type = response.headers()['content-type'] ?? '';
      fetched.push(
        response.buffer().then(
          (b) => ({ bytes: b.byteLength, type, width: Number(m[1]) }),
          () => ({ bytes: 0, type, width: Number(m[1]) }),
        ),
      );
    });
    await page.goto(new URL('/galeria/', url).href, { waitUntil: 'networkidle0', timeout: 60_000 });
    for (let y = 0; y < 20; y++) {
      await page.evaluate(() => window.scrollBy(0, window.innerHeight / 2));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await page.waitForNetworkIdle({ idleTime: 500 });
    const files = await Promise.all(fetched);
    return {
      width,
      scale,
      bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      files: files.length,
      types: [...new Set(files.map((f) => f.type))],
      widths: [...new Set(files.map((f) => f.width))],
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** @typedef {Awaited<ReturnType<typeof galleryVisit>>} GalleryVisit */

/**
 * The clinic with six phone photos built, served on 127.0.0.1, and /galeria/ visited by a phone
 * of 390 CSS px at the bench's phone density (1.75, as Lighthouse's) and at 2×.
 * @param {{ benchDir: string, repoRoot: string, log: Log }} options
 * @returns {Promise<{ photos: number, visits: GalleryVisit[], load: string }>}
 */
export async function galleryBytes({ benchDir, repoRoot, log }) {
  const built = await buildWithPhotos({ benchDir, repoRoot, log });
  const server = await serveStatic(built.outDir);
  try {
    /** @type {GalleryVisit[]} */
    const visits = [];
    for (const scale of [1.75, 2]) {
      const visit = await galleryVisit({ repoRoot, url: server.url, width: 390, scale });
      log(
        `  /galeria/ at 390 px (${scale}x): ${(visit.bytes / 1024).toFixed(1)} KB in ${visit.files} files (${visit.types.join(', ')}; ${visit.widths.join(', ')} px) (load ${load()})`,
      );
      visits.push(visit);
    }
    return { photos: built.photos, visits, load: load() };
  } finally {
    await server.close();
  }
}
