/**
 * The clinic's pictures through the framework's image service: every photo the content names
 * (JPEG, PNG, WebP, AVIF) becomes responsive AVIF/WebP variants; SVG drawings stay files of
 * their own (the shared ones recoloured per brand, brand-illustrations.ts).
 */
import type { ImageService, ImageData as Processed } from '@ssg/cli/image';
import type { ImageData } from '../lib/page-data.ts';
import { imageUrl } from './brand-illustrations.ts';
import type { Content } from './schema.ts';

/** Where each picture of the content is named: file and JSON path, for error messages. */
interface PictureRef {
  file: string;
  at: { file: string; path: string };
}

function pictureRefs(c: Content): PictureRef[] {
  const refs: PictureRef[] = [];
  const add = (file: string, json: string, path: string): void => {
    refs.push({ file, at: { file: json, path } });
  };
  // `og` is the share card, made per brand by share-card.ts
  for (const [key, named] of Object.entries(c.images).filter(([k]) => k !== 'og'))
    add(named.file, 'images.json', `${key}.file`);
  for (const [i, p] of c.gallery.photos.entries()) add(p.file, 'gallery.json', `photos[${i}].file`);
  for (const [i, v] of c.gallery.videos.entries())
    add(v.poster, 'gallery.json', `videos[${i}].poster`);
  for (const [i, m] of c.team.entries())
    add(m.photoFilename, 'team.json', `team[${i}].photoFilename`);
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
  await Promise.all(
    photos.map(async (ref) => {
      if (done.has(ref.file)) return;
      done.set(ref.file, await images.getImage(`images/${ref.file}`, { from: ref.at }));
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
