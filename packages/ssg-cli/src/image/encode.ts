/** Making one variant file into the disk cache (a file already there is reused), and placeholders. */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SsgError } from '../errors.ts';
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
export const ENCODER_VERSION = 'ssg-image-1';

/** Default quality per format: similar visual quality, AVIF at a third of JPEG's bytes. */
export const QUALITY: Record<ImageFormat, number> = { avif: 50, webp: 72, jpeg: 75, png: 80 };

const exists = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

// written aside then renamed: a build killed mid-write never leaves half a file under the name
async function writeAtomic(file: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  // read-only: the output links to it (pipeline/place-copied.ts), so a write there would reach it
  await writeFile(temp, data, { mode: 0o444 });
  await rename(temp, file);
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
  await writeAtomic(file, data);
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
  await writeAtomic(file, uri);
  return uri;
}
