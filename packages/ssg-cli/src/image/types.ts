/**
 * The shapes of processed images: plain JSON that travels from the build (getImage, Node) through
 * page data and static queries to the `<Image>` component (browser). No Node or sharp here.
 */

/** Formats the pipeline writes. */
export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** One `<source>` of a `<picture>`: a MIME type and its srcset. */
export interface ImageSource {
  type: `image/${string}`;
  srcset: string;
}

/** A processed image, ready for `<Image image={…}>`, a CSS background or `og:image`. */
export interface ImageData {
  /** URL of the fallback file (JPEG, PNG or the SVG itself), site-absolute: `/_ssg/image/…`. */
  src: string;
  /** Srcset of the fallback format; empty for an SVG. */
  srcset: string;
  /** Modern formats, best first (AVIF, WebP); empty for an SVG. */
  sources: ImageSource[];
  /** Intrinsic size in CSS pixels of the largest variant, EXIF orientation applied. */
  width: number;
  height: number;
  /** The default `sizes`: the `sizes` asked, else from the `width` asked (`100vw` when none). */
  sizes: string;
  /** A tiny blurred copy as a `data:` URI, shown until the image loads; none for transparent images. */
  placeholder?: string;
}

/** What `getImage` is asked for. */
export interface ImageOptions {
  /** Widest the image is shown, in CSS pixels: variants go up to twice that (sharp screens). */
  width?: number;
  /** With `width`: crops to that aspect ratio (see `fit`). */
  height?: number;
  /**
   * How wide the image is shown, as `<Image sizes>` says it (`'(max-width: 768px) 92vw, 360px'`):
   * variants stop at the first width that covers its largest slot at 2× density, and it becomes
   * the image's default `sizes`. `100vw`, `auto` and `calc()` leave every width.
   */
  sizes?: string;
  /** Exact widths of the variants instead of the defaults (never above the original). */
  widths?: readonly number[];
  /** 1–100; the default is tuned per format. */
  quality?: number;
  /** How the image fills `width`×`height` when both are given; default `cover`. */
  fit?: 'cover' | 'contain' | 'fill' | 'inside' | 'outside';
  /** `blur` (default): a tiny inline copy; `none`: nothing. */
  placeholder?: 'blur' | 'none';
  /** Where the path was written, so errors name it: content file and JSON path. */
  from?: { file: string; path: string };
}

/** An SVG drawn by the build (a share card, say) turned into a PNG or JPEG of a fixed size. */
export interface RasterOptions {
  /** A readable name for the output file, e.g. `og-vet`. */
  name: string;
  width: number;
  height: number;
  format?: 'png' | 'jpeg';
}

/** A file the build wrote, by URL, with its size. */
export interface RasterImage {
  src: string;
  width: number;
  height: number;
  type: `image/${string}`;
}

/** The build's image service, given to the site's `loadContent` as `images`. */
export interface ImageService {
  /** Reads a file of the content folder (path relative to it) and plans its responsive variants. */
  getImage(source: string, options?: ImageOptions): Promise<ImageData>;
  /** Rasterises SVG markup (a share card) at a fixed size. */
  rasterize(svg: string, options: RasterOptions): Promise<RasterImage>;
}

/** URL folder of every file the image pipeline writes. */
export const IMAGE_URL_PREFIX = '/_ssg/image/';
