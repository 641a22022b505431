// Real: build() and dev() of a fixture site whose code imports a 2400×1800 JPEG (wider than the 2048 px cap) that sharp makes in the test, Vite's builds in their child process, sharp reading the output. Faked: the photo (a smooth synthetic scene).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, dev, type SsgError } from '../src/index.ts';
import { listFiles, MINI_SITE, tempDir } from './helpers.ts';
import { smoothPhotoJpeg } from './photos.ts';
import { linkMiniPackages } from './site-root.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/import-site');

/** A copy of the fixture with the mini site's node_modules and the photo its code imports. */
function siteCopy(photo: Buffer): string {
  const root = tempDir('ssg-import-');
  cpSync(path.join(FIXTURE, 'src'), path.join(root, 'src'), { recursive: true });
  cpSync(path.join(MINI_SITE, 'package.json'), path.join(root, 'package.json'));
  linkMiniPackages(root); // caches of its own: its bundles replace no other file's
  mkdirSync(path.join(root, 'src/photos'));
  writeFileSync(path.join(root, 'src/photos/recepcao.jpg'), photo);
  mkdirSync(path.join(root, 'content'));
  return root;
}

const buildOf = (root: string) =>
  build({
    root,
    contentDir: path.join(root, 'content'),
    outDir: path.join(tempDir(), 'out'),
    compress: 'none',
  });

let photo: Buffer;
let root: string;
let out: string;

beforeAll(async () => {
  // wider than the largest width made, so the size is the cap's; smooth: encoded twice as fast
  photo = await smoothPhotoJpeg(2400, 1800, 7);
  root = siteCopy(photo);
  ({ outDir: out } = await buildOf(root));
}, 240_000);

const html = () => readFileSync(path.join(out, 'index.html'), 'utf8');

describe('a photo imported by the code, built', () => {
  it('is a picture with AVIF and WebP srcsets and the intrinsic size read from the file', () => {
    const picture = html().match(/<picture>.*?<\/picture>/)?.[0] ?? '';
    expect(picture).toMatch(
      /<source type="image\/avif" srcSet="\/_ssg\/image\/recepcao\.[0-9a-f]{10}-320\.avif 320w, .*-2048\.avif 2048w"/,
    );
    expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]*-2048\.webp 2048w"/);
    expect(picture).toMatch(/<img [^>]*src="\/_ssg\/image\/recepcao\.[0-9a-f]{10}-1280\.jpg"/);
    expect(picture).toContain('width="2048" height="1536"');
    expect(picture).toMatch(/fetchpriority="high"/i);
    expect(html()).toContain('data-photo-width="2048"');
    // the build-time module (site.ts) imports it too: the preload in the head
    expect(html().split('</head>')[0]).toMatch(/rel="preload"[^>]*imagesrcset="[^"]+2048w"/);
  });

  it('makes a photo imported with ?sizes= only at the widths those sizes ask for', () => {
    const thumb =
      html().match(
        /<picture>(?:(?!<\/picture>).)*data-thumb(?:(?!<\/picture>).)*<\/picture>/,
      )?.[0] ?? '';
    expect(thumb).toMatch(
      /<source type="image\/avif" srcSet="\/_ssg\/image\/recepcao\.[0-9a-f]{10}-320\.avif 320w" sizes="40px"/,
    );
    expect(thumb).toContain('width="320" height="240"');
    // the same file as the full photo's 320 px variant: made once
    const avif320 = [...html().matchAll(/recepcao\.[0-9a-f]{10}-320\.avif/g)].map((m) => m[0]);
    expect(new Set(avif320).size).toBe(1);
  });

  it('writes every variant the page names, resized, and never the original', async () => {
    const files = listFiles(out);
    const named = new Set(
      [...html().matchAll(/\/_ssg\/image\/[^" ,)<]+/g)].map((m) => m[0].slice(1)),
    );
    expect(named.size).toBeGreaterThan(15);
    for (const file of named) expect(files).toContain(file);
    const avif = [...named].find((f) => f.endsWith('-2048.avif')) ?? '';
    const meta = await sharp(path.join(out, avif)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 2048, 1536]);
    const original = photo.subarray(photo.length / 2, photo.length / 2 + 64);
    for (const file of files) {
      const bytes = readFileSync(path.join(out, file));
      expect(bytes.includes(original), `${file} holds the photo's bytes`).toBe(false);
      expect(bytes.includes(original.toString('base64')), `${file} inlines the photo`).toBe(false);
    }
  });

  it("gives the browser's bundle the image's data only", () => {
    const js = listFiles(out).filter((f) => f.endsWith('.js') && !f.startsWith('sw'));
    const withData = js.filter((f) =>
      readFileSync(path.join(out, f), 'utf8').includes('-2048.avif 2048w'),
    );
    expect(withData.length).toBe(1);
    const code = readFileSync(path.join(out, withData[0] ?? ''), 'utf8');
    expect(code).not.toContain('recepcao.jpg'); // neither the source path nor the variants to make
    expect(code).not.toContain('ssg.image.imports');
  });

  it('writes the same images again when the next build reuses the bundles', async () => {
    const again = await buildOf(root);
    const images = (dir: string) => listFiles(dir).filter((f) => f.startsWith('_ssg/image/'));
    expect(images(again.outDir)).toEqual(images(out));
    expect(images(out).length).toBeGreaterThan(15);
  }, 120_000);
});

describe('a broken import', () => {
  it('names the file, the importer and the fix when the photo is missing', async () => {
    const broken = siteCopy(photo);
    const page = path.join(broken, 'src/pages/home.tsx');
    writeFileSync(page, readFileSync(page, 'utf8').replace('recepcao.jpg', 'recepção.jpg'));
    const error = await buildOf(broken).catch((e: Error) => e);
    expect(String((error as Error).message)).toMatch(
      /The image "..\/photos\/recepção.jpg" imported by src\/pages\/home.tsx was not found\. Check the path/,
    );
    // the image's own code, not the bundler's (Rolldown overwrites `code` on plugin errors)
    expect((error as SsgError).code).toBe('IMAGE_NOT_FOUND');
  }, 120_000);

  it('names the file, the importer and the fix when the photo is corrupt', async () => {
    const broken = siteCopy(photo.subarray(0, 2000));
    const error = await buildOf(broken).catch((e: Error) => e);
    expect(String((error as Error).message)).toMatch(
      /The image "src\/photos\/recepcao.jpg" imported by src\/(site\.ts|pages\/home\.tsx) .*(export it|Export the file) again/,
    );
  }, 120_000);
});

describe('a photo imported by the code, in ssg dev', () => {
  let server: Awaited<ReturnType<typeof dev>>;
  const nodeEnv = process.env.NODE_ENV;
  beforeAll(async () => {
    delete process.env.NODE_ENV;
    const site = siteCopy(photo);
    server = await dev({ root: site, contentDir: path.join(site, 'content'), port: 0 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    process.env.NODE_ENV = nodeEnv;
  });

  it('renders the picture and makes each variant when the browser asks for it', async () => {
    const page = await (await fetch(new URL('/', server.url))).text();
    const url = page.match(/\/_ssg\/image\/recepcao\.[0-9a-f]{10}-640\.webp/)?.[0];
    expect(url).toBeDefined();
    expect(page).toContain('width="2048" height="1536"');
    const res = await fetch(new URL(url ?? '', server.url));
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 480]);
  }, 60_000);
});
