/**
 * The image pipeline's few points of contact with `ssg build` and `ssg dev`: the content stage's
 * files (content/) and dev/ call one of these in one line each, so the image logic stays here.
 */
import path from 'node:path';
import { importedVariants } from './imported.ts';
import { createImagePipeline, type ImagePipeline } from './pipeline.ts';
import { IMAGE_URL_PREFIX, type ImageFormat } from './types.ts';
import { MIME } from './widths.ts';

/**
 * A site's image service, its files cached in node_modules/.ssg/images: `ssg build` makes each
 * file as soon as the content asks for it (eager); `ssg dev` when the browser asks for it. The
 * images the code imports come with the server bundle (imported.ts).
 */
export function imageServiceOf(
  site: { root: string; contentDir: string; loaded?: { serverEntry?: string } },
  eager = true,
): ImagePipeline {
  return createImagePipeline({
    contentDir: site.contentDir,
    siteRoot: site.root,
    cacheDir: path.join(site.root, 'node_modules/.ssg/images'),
    eager,
    imports: () => importedVariants(site.loaded?.serverEntry),
  });
}

/** img-src with `data:` added when an image carries an inline placeholder. */
export function imageCspSources(
  images: ImagePipeline | undefined,
  imgSrc: readonly string[] | undefined,
): readonly string[] | undefined {
  if (!images?.usesDataUris) return imgSrc;
  return [...new Set([...(imgSrc ?? []), 'data:'])];
}

/** `ssg dev`: the file and type of an image URL, made on demand; undefined for other URLs. */
export async function devImage(
  images: ImagePipeline | undefined,
  pathname: string,
): Promise<{ file: string; type: string } | undefined> {
  if (!images || !pathname.startsWith(IMAGE_URL_PREFIX)) return undefined;
  const file = await images.fileOf(pathname);
  if (!file) return undefined;
  const ext = path.extname(file).slice(1);
  const format = (ext === 'jpg' ? 'jpeg' : ext) as ImageFormat;
  return { file, type: ext === 'svg' ? 'image/svg+xml' : MIME[format] };
}
