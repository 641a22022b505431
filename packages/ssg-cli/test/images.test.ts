// Real: build() of a fixture site whose photos sharp makes in the test (JPEG, PNG with alpha, EXIF-rotated portrait, broken files), sharp reading the output. Faked: nothing.

import { fork } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SsgError } from '../src/errors.ts';
import { createImagePipeline } from '../src/image/pipeline.ts';
import { build } from '../src/index.ts';
import { listFiles, MINI_SITE, snapshot, tempDir } from './helpers.ts';
import { alphaPng, photoJpeg, smoothPhotoJpeg } from './photos.ts';
import { linkMiniPackages } from './site-root.ts';

// every fork still happens; the test only counts the image encoder's
vi.mock('node:child_process', async (original) => {
  const actual = await original<typeof import('node:child_process')>();
  return { ...actual, fork: vi.fn(actual.fork) };
});
const encoderStarts = () =>
  vi.mocked(fork).mock.calls.filter(([file]) => String(file).includes('encoder-child')).length;

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/image-site');
const PHOTOS = [
  { file: 'fotos/recepção.jpg', alt: 'Recepção' },
  { file: 'fotos/logo.png', alt: 'Logo' },
  { file: 'fotos/retrato.jpg', alt: 'Retrato' },
];

let root: string;
let content: string;
let out: string;
let coldEncoderStarts = 0;

/** A copy of the image fixture with the mini site's node_modules, and its content folder. */
function siteCopy(): { root: string; content: string } {
  const dir = tempDir('ssg-images-');
  cpSync(path.join(FIXTURE, 'src'), path.join(dir, 'src'), { recursive: true });
  cpSync(path.join(MINI_SITE, 'package.json'), path.join(dir, 'package.json'));
  linkMiniPackages(dir); // caches of its own: its bundles replace no other file's
  mkdirSync(path.join(dir, 'content/fotos'), { recursive: true });
  return { root: dir, content: path.join(dir, 'content') };
}

const write = (file: string, data: string | Buffer) =>
  writeFileSync(path.join(content, file), data);
const listPhotos = (photos: ReadonlyArray<{ file: string; alt: string; width?: number }>) =>
  write('photos.json', JSON.stringify(photos));

beforeAll(async () => {
  ({ root, content } = siteCopy());
  // wider than the largest width made (2048); smooth: its variants encode twice as fast
  write('fotos/recepção.jpg', await smoothPhotoJpeg(2400, 1600, 1));
  write('fotos/logo.png', await alphaPng(700, 500));
  // stored 900×600 (landscape), shown upright 600×900 by its EXIF orientation 6
  write('fotos/retrato.jpg', await photoJpeg(900, 600, 2, 6));
  listPhotos(PHOTOS);
  out = path.join(tempDir(), 'out');
  await build({ root, contentDir: content, outDir: out, compress: 'none' });
  coldEncoderStarts = encoderStarts();
}, 240_000);

const html = () => readFileSync(path.join(out, 'index.html'), 'utf8');
const pictures = () => [...html().matchAll(/<picture>.*?<\/picture>/g)].map((m) => m[0]);

describe('a build with photos', () => {
  it('writes each photo as a picture: AVIF and WebP sources, a fallback img with its size, lazy after the first', () => {
    const [jpeg, png, portrait] = pictures();
    expect(jpeg).toMatch(/<source type="image\/avif" srcSet="[^"]*\.avif 320w, .*\.avif 2048w"/);
    expect(jpeg).toContain('<source type="image/webp"');
    expect(jpeg).toMatch(/<img [^>]*src="\/_ssg\/image\/recepcao\.[0-9a-f]{10}-1280\.jpg"/);
    expect(jpeg).toContain('width="2048" height="1365"');
    expect(jpeg).toMatch(/fetchpriority="high"/i);
    // transparent: a PNG fallback and no blurred copy behind it
    expect(png).toMatch(/src="[^"]*-700\.png"/);
    expect(png).toContain('.png 700w"');
    expect(png).not.toContain('background-image');
    // upright: the portrait's width and height are swapped from how the file stores them
    expect(portrait).toContain('width="600" height="900"');
    expect(portrait).toContain('loading="lazy"');
    expect(portrait).toMatch(/background-image:url\(data:image\/webp;base64,[A-Za-z0-9+/=]+\)/);
  });

  it('preloads the first photo in the head with the same srcset and sizes', () => {
    const head = html().split('</head>')[0] ?? '';
    expect(head).toMatch(
      /<link [^>]*rel="preload"[^>]*type="image\/avif" as="image" imagesrcset="[^"]+2048w" imagesizes="100vw" fetchpriority="high">/,
    );
  });

  it('writes every variant the page names, resized, upright, without metadata', async () => {
    const names = listFiles(out).filter((f) => f.startsWith('_ssg/image/'));
    const named = [...html().matchAll(/\/_ssg\/image\/[^" ,)]+/g)].map((m) => m[0].slice(1));
    expect(new Set(named).size).toBeGreaterThan(20);
    for (const name of named) expect(names).toContain(name);
    const avif = names.find((n) => /^_ssg\/image\/recepcao\.[0-9a-f]+-640\.avif$/.test(n)) ?? '';
    const meta = await sharp(path.join(out, avif)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 640, 427]);
    const upright = names.find((n) => /retrato\.[0-9a-f]+-600\.jpg$/.test(n)) ?? '';
    const portrait = await sharp(path.join(out, upright)).metadata();
    expect([portrait.width, portrait.height, portrait.orientation, portrait.exif]).toEqual([
      600,
      900,
      undefined,
      undefined,
    ]);
  });

  it('keeps the placeholder tiny and allows data: images (only) in the CSP', () => {
    const placeholder = /url\((data:image\/webp;base64,[^)]+)\)/.exec(html())?.[1] ?? '';
    expect(placeholder.length).toBeGreaterThan(30);
    expect(placeholder.length).toBeLessThan(600);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html())?.[1] ?? '';
    // the page's policy is its meta (the hosts send only what a meta cannot carry)
    expect(csp).toMatch(/img-src 'self' data:/);
    expect(csp).not.toMatch(/unsafe-inline/);
  });

  it('rasterises an SVG card to a PNG of the size asked', async () => {
    const card =
      /property="og:image" content="\/(_ssg\/image\/og\.[0-9a-f]+-1200\.png)"/.exec(html())?.[1] ??
      '';
    expect(await sharp(path.join(out, card)).metadata()).toMatchObject({
      width: 1200,
      height: 630,
      format: 'png',
    });
  });

  it('builds again byte for byte the same, from the cache, without decoding a photo', async () => {
    const before = snapshot(out);
    const again = path.join(tempDir(), 'out');
    vi.mocked(fork).mockClear();
    await build({ root, contentDir: content, outDir: again, compress: 'none' });
    expect(snapshot(again)).toEqual(before);
    // variants, placeholders and the SVG card all came from the cache: no encoder process
    expect(coldEncoderStarts).toBe(1);
    expect(encoderStarts()).toBe(0);
    // and wrote none of their bytes: each variant is the cache's own file, which is read-only
    const cache = path.join(root, 'node_modules/.ssg/images');
    const variants = listFiles(again).filter((n) => n.startsWith('_ssg/image/'));
    expect(variants.length).toBeGreaterThan(10);
    for (const name of variants) {
      const placed = statSync(path.join(again, name));
      const cached = statSync(path.join(cache, path.basename(name)));
      expect(placed.ino, name).toBe(cached.ino);
      expect(cached.mode & 0o222, name).toBe(0);
    }
  }, 120_000);
});

describe('image errors name the content file, field and value', () => {
  const service = () =>
    createImagePipeline({
      contentDir: content,
      cacheDir: path.join(tempDir(), 'cache'),
      eager: true,
    });
  const from = { file: 'photos.json', path: '[3].file' };
  const failure = async (source: string, options = {}) =>
    service()
      .getImage(source, { from, ...options })
      .then(
        () => new SsgError('USAGE', 'no error'),
        (error: SsgError) => error,
      );

  it('refuses paths that leave the content folder, absolute paths, missing files and non-images', async () => {
    write('fotos/leia-me.jpg', 'não é uma foto');
    const cases = [
      ['../../etc/passwd', 'IMAGE_OUTSIDE_CONTENT'],
      ['/etc/passwd', 'IMAGE_OUTSIDE_CONTENT'],
      ['fotos/nao-existe.jpg', 'IMAGE_NOT_FOUND'],
      ['fotos/leia-me.jpg', 'IMAGE_UNSUPPORTED'],
    ] as const;
    for (const [source, code] of cases) {
      const error = await failure(source);
      expect(error.code).toBe(code);
      expect(error.message).toContain(
        `The image ${JSON.stringify(source)} of photos.json at [3].file`,
      );
    }
  });

  it('refuses a width wider than the photo', async () => {
    const error = await failure('fotos/retrato.jpg', { width: 1000 });
    expect(error.code).toBe('IMAGE_TOO_SMALL');
    expect(error.message).toContain('is 600 pixels wide, smaller than the width asked (1000)');
  });

  it('stops the build at a photo cut short, naming it, and leaves the output as it was', async () => {
    const whole = readFileSync(path.join(content, 'fotos/retrato.jpg'));
    write('fotos/cortada.jpg', whole.subarray(0, whole.length >> 1));
    listPhotos([...PHOTOS, { file: 'fotos/cortada.jpg', alt: 'Cortada' }]);
    const before = snapshot(out);
    const error = await build({ root, contentDir: content, outDir: out, compress: 'none' }).catch(
      (e: SsgError) => e,
    );
    listPhotos(PHOTOS);
    expect(error).toBeInstanceOf(SsgError);
    expect((error as SsgError).code).toBe('IMAGE_CORRUPT');
    expect((error as SsgError).message).toContain('"fotos/cortada.jpg" of photos.json at [3].file');
    expect(snapshot(out)).toEqual(before);
    expect(existsSync(path.join(out, 'index.html'))).toBe(true);
  }, 120_000);
});
