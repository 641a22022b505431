/** Reading a source image: a path inside the content folder, its bytes, its kind and size. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'sharp';
import { cachedFacts, type ImageFacts, keepFacts } from './facts-cache.ts';
import { imageError } from './image-error.ts';
import type { ImageOptions } from './types.ts';

interface SourceFacts {
  /** Path as written in the content. */
  source: string;
  /** The file, absolute: the encoder process reads it, so its bytes never enter this one. */
  file: string;
  /** sha256 of the bytes, hex. */
  digest: string;
  /** Upright size (EXIF orientation applied). */
  width: number;
  height: number;
  hasAlpha: boolean;
}

/** An SVG (its bytes are written out as they are) or a photo (never read whole here). */
export type SourceImage =
  | (SourceFacts & { format: 'svg'; bytes: Buffer })
  | (SourceFacts & { format: 'raster' });

/** The absolute file of `source`, refusing absolute paths and any that leave the content folder. */
export function resolveInside(
  contentDir: string,
  source: string,
  from?: ImageOptions['from'],
): string {
  const root = path.resolve(contentDir);
  const file = path.resolve(root, source);
  if (path.isAbsolute(source) || /^[a-z]+:/i.test(source) || !file.startsWith(root + path.sep)) {
    throw imageError(
      'IMAGE_OUTSIDE_CONTENT',
      source,
      from,
      `is outside the content folder ${root}; images are read only from inside it.`,
      'Write the path relative to the content folder (e.g. "images/photo.jpg"), without a leading "/" or "..".',
    );
  }
  return file;
}

/**
 * Reads and identifies an image; SVG is passed through, animations are refused. A symbolic link
 * is followed only when its real path stays in the content folder or the site's (`siteRoot`).
 */
export async function readSource(
  contentDir: string,
  source: string,
  from?: ImageOptions['from'],
  siteRoot: string = contentDir,
  factsDir?: string,
): Promise<SourceImage> {
  const file = resolveInside(contentDir, source, from);
  await refuseLinkOutside(file, [contentDir, siteRoot], source, from);
  return readImage(file, source, from, factsDir);
}

/** A link that leaves the site would publish the variants of any photo on the machine. */
async function refuseLinkOutside(
  file: string,
  dirs: readonly string[],
  source: string,
  from: ImageOptions['from'],
): Promise<void> {
  const real = await realpath(file).catch(() => undefined);
  if (real === undefined) return; // missing: readImage says so (IMAGE_NOT_FOUND)
  const roots = await Promise.all(dirs.map((dir) => realpath(dir).catch(() => path.resolve(dir))));
  if (roots.some((root) => real === root || real.startsWith(root + path.sep))) return;
  throw imageError(
    'LINK_REFUSED',
    source,
    from,
    `is a symbolic link to ${real}, outside the site (${[...new Set(roots)].join(' or ')}): files outside the site are never published.`,
    'Copy the photo into the content folder in place of the link (cp --remove-destination "$(readlink -f LINK)" LINK).',
  );
}

/**
 * Reads and identifies the image at an absolute `file`, named `source` in errors. With `factsDir`,
 * what its header said is kept there by the file's digest, and sharp reads it only the first time.
 */
export async function readImage(
  file: string,
  source: string,
  from?: ImageOptions['from'],
  factsDir?: string,
): Promise<SourceImage> {
  // Streamed, and the header read by libvips from the file: a 5 MB photo is never held in
  // memory here (100 of them grew the bundle process by ~400 MB when read whole).
  const digest = await digestOf(file).catch((error: NodeJS.ErrnoException) => {
    throw imageError(
      'IMAGE_NOT_FOUND',
      source,
      from,
      `was not found at ${file} (${error.code ?? error.message}).`,
      'Check the file name (case matters) or add the file to the content folder.',
      error,
    );
  });
  let facts = factsDir ? await cachedFacts(factsDir, digest) : undefined;
  if (!facts) {
    facts = await headerFacts(file, source, from);
    if (factsDir) await keepFacts(factsDir, digest, facts);
  }
  const { format, width, height, hasAlpha } = facts;
  if (format === 'svg')
    return { source, file, bytes: await readFile(file), digest, format, width, height, hasAlpha };
  return { source, file, digest, format, width, height, hasAlpha };
}

/** What libvips reads from the file's header; animations and unreadable files are refused. */
async function headerFacts(
  file: string,
  source: string,
  from: ImageOptions['from'],
): Promise<ImageFacts> {
  let meta: Metadata;
  try {
    // imported on the first image read: a build of a site without photos never loads libvips
    // (~0.2 s and ~30 MB of the build's start)
    const { default: sharp } = await import('sharp');
    meta = await sharp(file).metadata();
  } catch (error) {
    const known = /unsupported image format/i.test((error as Error).message);
    throw imageError(
      known ? 'IMAGE_UNSUPPORTED' : 'IMAGE_CORRUPT',
      source,
      from,
      known
        ? 'is not an image the build can read (JPEG, PNG, WebP, AVIF, TIFF or SVG).'
        : `could not be read: ${(error as Error).message}.`,
      known ? 'Export it as JPEG or PNG.' : 'Export the file again from the camera or editor.',
      error,
    );
  }
  if (meta.format === 'svg')
    return { format: 'svg', width: meta.width, height: meta.height, hasAlpha: true };
  if ((meta.pages ?? 1) > 1 || meta.format === 'gif') {
    throw imageError(
      'IMAGE_UNSUPPORTED',
      source,
      from,
      `is ${meta.format === 'gif' ? 'a GIF' : 'an animation'}; the build makes still images only.`,
      'Use a still JPEG or PNG, or a video for motion.',
    );
  }
  // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    format: 'raster',
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    hasAlpha: meta.hasAlpha,
  };
}

/** sha256 of a file, hex, read in 64 KB pieces. */
function digestOf(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
