import type { HeadTags } from '@ssg/loader/contract';
import type { ImageData } from './types.ts';

type HeadLink = NonNullable<HeadTags['link']>[number];

/**
 * The head's `<link rel="preload" as="image">` for a page's main image: the best format's
 * srcset with its type (browsers without that format skip it) and the same `sizes` as `<Image>`.
 */
export function imagePreload(image: ImageData, sizes: string = image.sizes): HeadLink {
  const best = image.sources[0];
  return {
    rel: 'preload',
    as: 'image',
    href: image.src,
    ...(best ? { type: best.type, imagesrcset: best.srcset, imagesizes: sizes } : {}),
    fetchpriority: 'high',
  };
}
