/**
 * The pixel work of the image service, run only in the encoder process (encoder-child.ts):
 * resizing and encoding a photo, the blurred placeholder, an SVG made into a PNG or JPEG.
 */
import sharp from 'sharp';
import type { ImageFormat, ImageOptions } from './types.ts';

// Many images are processed once each: libvips' operation cache would only hold memory.
sharp.cache(false);

/** One piece of pixel work; files are absolute paths, read by the encoder process itself. */
export type PixelJob =
  | {
      kind: 'resize';
      file: string;
      width: number;
      height: number;
      /** With a crop: how to fill width×height; without, the aspect ratio is the source's. */
      fit?: NonNullable<ImageOptions['fit']>;
      format: ImageFormat;
      quality: number;
    }
  | { kind: 'blur'; file: string; width: number; height: number }
  | { kind: 'raster'; svg: string; width: number; height: number; format: 'png' | 'jpeg' };

export async function runPixelJob(job: PixelJob): Promise<Buffer> {
  if (job.kind === 'raster') {
    const image = sharp(Buffer.from(job.svg)).resize({
      width: job.width,
      height: job.height,
      fit: 'fill',
    });
    return (
      job.format === 'png'
        ? image.png({ compressionLevel: 9 })
        : image.jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer();
  }
  if (job.kind === 'blur') {
    // a tiny blurred copy, inline in the page: a few hundred bytes that paint before the image
    return sharp(job.file)
      .autoOrient()
      .resize({ width: 24, height: Math.max(1, Math.round((24 * job.height) / job.width)) })
      .blur(1.2)
      .webp({ quality: 40, effort: 6 })
      .toBuffer();
  }
  // autoOrient: the pixels are turned upright and the orientation tag is gone with the rest
  // of the metadata (sharp writes none unless asked: no GPS leaves the clinic).
  const image = sharp(job.file)
    .autoOrient()
    .resize({
      width: job.width,
      height: job.height,
      fit: job.fit ?? 'fill',
      withoutEnlargement: true,
    });
  const q = job.quality;
  const formatted =
    job.format === 'avif'
      ? image.avif({ quality: q, effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' })
      : job.format === 'webp'
        ? image.webp({ quality: q, effort: WEBP_EFFORT })
        : job.format === 'jpeg'
          ? image.jpeg({ quality: q, mozjpeg: true })
          : image.png({ compressionLevel: 9, effort: 7, quality: q, palette: q < 100 });
  return formatted.toBuffer();
}

// Figures: a 4000×3000 phone photo (scripts/bench/images.mjs) resized to 480 / 2048 px, one core.
// AVIF keeps colour at half resolution (4:2:0), as cameras do: 11.3 → 8.8 KB and 96 → 65 KB, 207 → 155 ms, SSIM 0.994 / 0.970 against 4:4:4.
// Effort 3: effort 4 took 2.8× the time at 480 px for 10% fewer bytes (8.8 → 7.9 KB); effort 2 was larger (11.8 KB) and SSIM 0.974.
const AVIF_EFFORT = 3;
// WebP is 4:2:0 already; sharp's smartSubsample and preset 'photo' made it larger (a detailed photo at 960 px: 176 and 154 KB against 144 KB).
const WEBP_EFFORT = 4;
