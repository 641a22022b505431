/**
 * The clinic's pictures through the framework's image service: every photo the content names
 * (JPEG, PNG, WebP, AVIF) becomes responsive AVIF/WebP variants; SVG drawings stay files of
 * their own (the shared ones recoloured per brand, brand-illustrations.ts).
 */
import type { ImageService, ImageData as Processed } from '@ssg/cli/image';
import { GALLERY_SIZES, HERO_SIZES, TEAM_SIZES } from '../lib/image-sizes.ts';
import type { ImageData } from '../lib/page-data.ts';
import { imageUrl } from './brand-illustrations.ts';
import type { Content } from './schema.ts';

/** Where each picture of the content is named (file and JSON path, for error messages), and the `sizes` it is shown at there. */
interface PictureRef {
  file: string;
  at: { file: string; path: string };
  sizes?: string;
}

function pictureRefs(c: Content): PictureRef[] {
  const refs: PictureRef[] = [];
  const add = (file: string, json: string, path: string, sizes?: string): void => {
    refs.push({ file, at: { file: json, path }, ...(sizes ? { sizes } : {}) });
  };
  // `og` is the share card, made per brand by share-card.ts
  for (const [key, named] of Object.entries(c.images).filter(([k]) => k !== 'og'))
    add(named.file, 'images.json', `${key}.file`, key === 'hero' ? HERO_SIZES : undefined);
  for (const [i, p] of c.gallery.photos.entries())
    add(p.file, 'gallery.json', `photos[${i}].file`, GALLERY_SIZES);
  for (const [i, v] of c.gallery.videos.entries())
    add(v.poster, 'gallery.json', `videos[${i}].poster`);
  for (const [i, m] of c.team.entries())
    add(m.photoFilename, 'team.json', `team[${i}].photoFilename`, TEAM_SIZES);
  add(c.curriculum.photoFilename, 'curriculum.json', 'curriculum.photoFilename');
  for (const [i, p] of c.partners.entries()) add(p.logo, 'partners.json', `partners[${i}].logo`);
  for (const [i, p] of c.covenants.entries()) add(p.logo, 'partners.json', `covenants[${i}].logo`);
  return refs;
}

const processed = new WeakMap<Content, Map<string, Processed>>();

/** Makes the variants of every photo of the content (at build time, before the routes). */
export async function processPhotos(c: Content, images: ImageService): Promise<void> {
  const done = new Map<string, Processed>();
  const photos = pictureRefs(c).filter((ref) => !ref.file.endsWith('.svg'));
  // the widths a photo's sizes can ask for are the only ones made: one shown at two sizes, or once without, gets every width
  const sizesOf = new Map<string, string | undefined>();
  for (const ref of photos)
    sizesOf.set(
      ref.file,
      sizesOf.has(ref.file) && sizesOf.get(ref.file) !== ref.sizes ? undefined : ref.sizes,
    );
  await Promise.all(
    photos
      .filter((ref, i) => photos.findIndex((r) => r.file === ref.file) === i)
      .map(async (ref) => {
        const sizes = sizesOf.get(ref.file);
        const options = sizes ? { from: ref.at, sizes } : { from: ref.at };
        done.set(ref.file, await images.getImage(`images/${ref.file}`, options));
      }),
  );
  processed.set(c, done);
}

/** A picture for `<Image>`: the processed photo, or the SVG file as it is at the size written in the content. */
export function pictureOf(
  c: Content,
  file: string,
  alt: string,
  size: { width: number; height: number },
): ImageData {
  const photo = processed.get(c)?.get(file);
  if (photo) return { ...photo, alt };
  return { src: imageUrl(c, file), srcset: '', sources: [], sizes: '100vw', alt, ...size };
}
