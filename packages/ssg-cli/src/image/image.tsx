/**
 * `<Image>`: a processed image as `<picture>`: AVIF and WebP sources, a JPEG/PNG fallback, the
 * intrinsic size (no layout shift), lazy by default, and a blurred placeholder without JavaScript.
 * Its `data-ssg-image` mark takes the default sizing of default-css.ts (no overflow).
 */
import type { CSSProperties, ImgHTMLAttributes } from 'react';
import { IMAGE_MARK } from './default-css.ts';
import type { ImageData } from './types.ts';

export interface ImageProps
  extends Omit<
    ImgHTMLAttributes<HTMLImageElement>,
    'src' | 'srcSet' | 'width' | 'height' | 'alt' | 'sizes' | 'loading' | 'fetchPriority'
  > {
  /** What `getImage` returned, passed through page data or a static query. */
  image: ImageData;
  /** Required: what the image shows; `""` for a decoration. */
  alt: string;
  /** How wide the image is shown, as the CSS lays it out; defaults to the one `getImage` made. */
  sizes?: string;
  /** The page's main image, above the fold: fetched first and at once (pair it with `imagePreload` in the head). */
  priority?: boolean;
}

export function Image({ image, alt, sizes, priority = false, style, ...rest }: ImageProps) {
  const shown = sizes ?? image.sizes;
  const placeholder: CSSProperties | undefined = image.placeholder
    ? {
        backgroundImage: `url(${image.placeholder})`,
        backgroundSize: 'cover',
        backgroundRepeat: 'no-repeat',
      }
    : undefined;
  const img = (
    <img
      {...rest}
      {...{ [IMAGE_MARK]: '' }}
      alt={alt}
      src={image.src}
      {...(image.srcset ? { srcSet: image.srcset, sizes: shown } : {})}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      {...(placeholder || style ? { style: { ...placeholder, ...style } } : {})}
    />
  );
  if (image.sources.length === 0) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={shown} />
      ))}
      {img}
    </picture>
  );
}
