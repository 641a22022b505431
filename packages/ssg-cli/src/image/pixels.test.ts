// Real: sharp encoding a photo as the encoder process does (runPixelJob). Faked: the photo (a synthetic scene under grain at several scales).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.ts';
import { detailedPhotoJpeg } from '../../test/photos.ts';
import { QUALITY } from './encode.ts';
import { runPixelJob } from './pixels.ts';
import type { ImageFormat } from './types.ts';

let file: string;

beforeAll(async () => {
  file = path.join(tempDir('ssg-pixels-'), 'detailed.jpg');
  writeFileSync(file, await detailedPhotoJpeg(1600, 1200, 3));
}, 60_000);

const at480 = (format: ImageFormat) =>
  runPixelJob({ kind: 'resize', file, width: 480, height: 360, format, quality: QUALITY[format] });

describe('a detailed photo at 480 px', () => {
  it('is an AVIF with colour at half resolution: far fewer bytes than the full-colour encode', async () => {
    const ours = await at480('avif');
    const fullColour = await sharp(file)
      .resize(480, 360)
      .avif({ quality: QUALITY.avif, effort: 3, chromaSubsampling: '4:4:4' })
      .toBuffer();
    expect(ours.byteLength).toBeLessThan(fullColour.byteLength * 0.8);
  }, 30_000);

  it('is a WebP no larger than the JPEG fallback of the same width', async () => {
    const [webp, jpeg] = await Promise.all([at480('webp'), at480('jpeg')]);
    expect(webp.byteLength).toBeLessThanOrEqual(jpeg.byteLength);
  }, 30_000);
});
