// Real: the image service planning a photo's variants (sharp reads the file's header). Faked: the photo (synthetic); nothing is encoded (not eager, no placeholder).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.ts';
import { photoJpeg } from '../../test/photos.ts';
import { createImagePipeline } from './pipeline.ts';

/** The clinic's gallery grid: its largest slot is 92vw just under 640 px (589 px). */
const GALLERY = '(min-width: 1160px) 360px, (min-width: 769px) 31vw, (min-width: 640px) 47vw, 92vw';

let contentDir: string;
const service = () =>
  createImagePipeline({ contentDir, cacheDir: path.join(tempDir(), 'cache'), eager: false });
const widthsOf = (srcset: string) =>
  srcset.split(', ').map((c) => Number(c.split(' ')[1]?.slice(0, -1)));
const made = (images: ReturnType<typeof service>) =>
  images.outputs().map((o) => path.basename(o.to));

beforeAll(async () => {
  contentDir = tempDir('ssg-plan-');
  mkdirSync(path.join(contentDir, 'images'));
  writeFileSync(path.join(contentDir, 'images/foto.jpg'), await photoJpeg(4000, 3000, 5));
}, 60_000);

describe('a photo asked for with the sizes it is shown at', () => {
  it('is made only at the widths those sizes can ask for at 2x, in every format', async () => {
    const images = service();
    const photo = await images.getImage('images/foto.jpg', { sizes: GALLERY, placeholder: 'none' });
    expect(widthsOf(photo.srcset)).toEqual([320, 480, 640, 960, 1280]);
    for (const source of photo.sources)
      expect(widthsOf(source.srcset)).toEqual([320, 480, 640, 960, 1280]);
    expect(photo.sizes).toBe(GALLERY);
    expect([photo.width, photo.height]).toEqual([1280, 960]);
    const files = made(images);
    expect(files).toHaveLength(15);
    expect(files.filter((f) => /-(1600|2048)\./.test(f))).toEqual([]);
  });

  it('shares its files with the same photo asked for without sizes, which keeps every width', async () => {
    const bounded = service();
    const all = service();
    await bounded.getImage('images/foto.jpg', { sizes: '40px', placeholder: 'none' });
    const full = await all.getImage('images/foto.jpg', { placeholder: 'none' });
    expect(widthsOf(full.srcset)).toEqual([320, 480, 640, 960, 1280, 1600, 2048]);
    expect(made(all)).toHaveLength(21);
    // one cached file per width and format, whichever sizes asked for it
    expect(made(bounded)).toEqual(made(all).filter((f) => /-320\./.test(f)));
  });
});
