/** Making one variant file with sharp, into the disk cache; a file already there is reused. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { imageError } from './image-error.ts';
import type { SourceImage } from './source.ts';
import type { ImageFormat, ImageOptions } from './types.ts';

// Many images are processed once each: libvips' operation cache would only hold memory.
sharp.cache(false);

/** One file to make: a size and format of a source, or bytes written as they are (SVG). */
export type Variant =
  | {
      kind: 'resize';
      name: string;
      /** The source's bytes, or its file (an imported image, read only when the variant is missing). */
      source: Pick<SourceImage, 'source'> & { bytes: Buffer | string };
      width: number;
      height: number;
      /** With a crop: how to fill width×height; without, the aspect ratio is the source's. */
      fit?: NonNullable<ImageOptions['fit']>;
      format: ImageFormat;
      quality: number;
      from?: ImageOptions['from'];
    }
  | { kind: 'bytes'; name: string; bytes: Buffer };

/** Default quality per format: similar visual quality, AVIF at a third of JPEG's bytes. */
export const QUALITY: Record<ImageFormat, number> = { avif: 50, webp: 72, jpeg: 75, png: 80 };

/** The cached file of a variant, made when it is missing. */
export async function ensureVariant(cacheDir: string, variant: Variant): Promise<string> {
  const file = path.join(cacheDir, variant.name);
  if (
    await stat(file).then(
      (s) => s.isFile(),
      () => false,
    )
  )
    return file;
  const data = variant.kind === 'bytes' ? variant.bytes : await encode(variant);
  await mkdir(cacheDir, { recursive: true });
  // written aside then renamed: a build killed mid-write never leaves half a file under the name
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
  return file;
}

async function encode(v: Extract<Variant, { kind: 'resize' }>): Promise<Buffer> {
  // autoOrient: the pixels are turned upright and the orientation tag is gone with the rest
  // of the metadata (sharp writes none unless asked: no GPS leaves the clinic).
  const image = sharp(v.source.bytes)
    .autoOrient()
    .resize({ width: v.width, height: v.height, fit: v.fit ?? 'fill', withoutEnlargement: true });
  const q = v.quality;
  const formatted =
    v.format === 'avif'
      ? image.avif({ quality: q, effort: 3 })
      : v.format === 'webp'
        ? image.webp({ quality: q, effort: 4 })
        : v.format === 'jpeg'
          ? image.jpeg({ quality: q, mozjpeg: true })
          : image.png({ compressionLevel: 9, effort: 7, quality: q, palette: q < 100 });
  try {
    return await formatted.toBuffer();
  } catch (error) {
    throw corrupt(v.source.source, v.from, error);
  }
}

export const corrupt = (source: string, from: ImageOptions['from'], error: unknown) =>
  imageError(
    'IMAGE_CORRUPT',
    source,
    from,
    `could not be decoded: ${(error as Error).message.trim()}.`,
    'The file is damaged or cut short: export it again from the camera or editor.',
    error,
  );

/** A tiny blurred copy, inline: a few hundred bytes that paint before the image arrives. */
export async function blurPlaceholder(
  source: SourceImage,
  from: ImageOptions['from'],
): Promise<string> {
  try {
    const tiny = await sharp(source.bytes)
      .autoOrient()
      .resize({ width: 24, height: Math.max(1, Math.round((24 * source.height) / source.width)) })
      .blur(1.2)
      .webp({ quality: 40, effort: 6 })
      .toBuffer();
    return `data:image/webp;base64,${tiny.toString('base64')}`;
  } catch (error) {
    throw corrupt(source.source, from, error);
  }
}
