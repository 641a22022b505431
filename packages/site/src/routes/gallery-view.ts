/** What the gallery page shows: every photo with its caption, and the videos with their posters. */
import { pictureOf } from '../content/photos.ts';
import type { Content } from '../content/schema.ts';
import type { GalleryData } from '../lib/page-data.ts';
import { galleryPhoto } from './view-parts.ts';

export const galleryView = (c: Content): GalleryData => ({
  page: c.pages.galeria,
  photos: c.gallery.photos.map((p) => galleryPhoto(c, p)),
  videos: c.gallery.videos.map((v) => ({
    title: v.title,
    url: v.url,
    duration: v.duration,
    poster: pictureOf(c, v.poster, '', v),
  })),
});
