/** Making one variant file into the disk cache (a file already there is reused), and placeholders. */
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SsgError } from '../errors.ts';
import { writeAtomic } from '../write-atomic.ts';
import type { Encoder } from './encoder.ts';
import { imageError } from './image-error.ts';
import type { PixelJob } from './pixels.ts';
import type { SourceImage } from './source.ts';
import type { ImageFormat, ImageOptions } from './types.ts';

/** One file to make: pixel work for the encoder process, or bytes written as they are (SVG). */
export type Variant =
  | {
      kind: 'pixels';
      name: string;
      job: PixelJob;
      /** The image as the content or the code names it, for errors. */
      source: string;
      from?: ImageOptions['from'];
    }
  | { kind: 'bytes'; name: string; bytes: Buffer };

/** Changes whenever encoding changes, so cached files of older settings are not reused. */
export const ENCODER_VERSION = 'ssg-image-2';

/**
 * Default quality per format. AVIF q50 (4:2:0): SSIM ≥ 0.970 against the 4:4:4 encode at 320–2048 px;
 * q45 fell to 0.947 at 2048 px. WebP q60: no larger than the mozjpeg JPEG at the same width
 * (480 px: 17.1 against 22.8 KB, a detailed photo 40.9 against 41.3 KB; 2048 px: 226 against 279 KB);
 * q72 was larger (47.4 KB, 324 KB). JPEG q75 with mozjpeg: 279 KB at 2048 px, 404 KB without it.
 */
export const QUALITY: Record<ImageFormat, number> = { avif: 50, webp: 60, jpeg: 75, png: 80 };

const exists = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

// read-only: the output links to it (emit/place-copied.ts), so a write there would reach it
async function writeVariant(file: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeAtomic(file, data, { mode: 0o444 });
}

/** The cached file of a variant, made when it is missing. */
export async function ensureVariant(
  cacheDir: string,
  variant: Variant,
  encoder: Encoder,
): Promise<string> {
  const file = path.join(cacheDir, variant.name);
  const cached = await stat(file).catch(() => undefined);
  if (cached?.isFile()) {
    // a cache written before variants were read-only: made so before the output links to it
    if (cached.mode & 0o222) await chmod(file, 0o444);
    return file;
  }
  const data =
    variant.kind === 'bytes'
      ? variant.bytes
      : await encoder.run(variant.job).catch((error: unknown) => {
          throw corrupt(variant.source, variant.from, error);
        });
  await writeVariant(file, data);
  return file;
}

export const corrupt = (source: string, from: ImageOptions['from'], error: unknown) =>
  error instanceof SsgError
    ? error
    : imageError(
        'IMAGE_CORRUPT',
        source,
        from,
        `could not be decoded: ${(error as Error).message.trim()}.`,
        'The file is damaged or cut short: export it again from the camera or editor.',
        error,
      );

/**
 * A tiny blurred copy, inline (a `data:` URI of a few hundred bytes that paints before the image
 * arrives), cached on disk by the photo's digest: a warm build decodes nothing.
 */
export async function blurPlaceholder(
  cacheDir: string,
  encoder: Encoder,
  source: SourceImage,
  from: ImageOptions['from'],
): Promise<string> {
  // named like the variants, by the encoder's version too: new settings never reuse old copies
  const name = `${ENCODER_VERSION}-${source.digest.slice(0, 32)}.txt`;
  const file = path.join(cacheDir, 'placeholders', name);
  if (await exists(file)) return readFile(file, 'utf8');
  const { file: photo, width, height } = source;
  const tiny = await encoder.run({ kind: 'blur', file: photo, width, height }).catch((error) => {
    throw corrupt(source.source, from, error);
  });
  const uri = `data:image/webp;base64,${tiny.toString('base64')}`;
  await writeVariant(file, uri);
  return uri;
}
