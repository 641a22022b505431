/**
 * `@ssg/cli/image`: what a site's components use (browser-safe: no sharp here). The build's
 * image service itself reaches the site as `images` in `loadContent`.
 */
export { Image, type ImageProps } from './image.tsx';
export { imagePreload } from './preload.ts';
export {
  IMAGE_URL_PREFIX,
  type ImageData,
  type ImageFormat,
  type ImageOptions,
  type ImageService,
  type ImageSource,
  type RasterImage,
  type RasterOptions,
} from './types.ts';
