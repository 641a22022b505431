/**
 * One build's (or dev server's) image service: plans the variants of each image asked for,
 * makes them with bounded parallelism into a disk cache shared by every build of the site,
 * and lists the files the output needs.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  blurPlaceholder,
  ENCODER_VERSION,
  ensureVariant,
  QUALITY,
  type Variant,
} from './encode.ts';
import { createEncoder } from './encoder.ts';
import { imageError } from './image-error.ts';
import type { ImportedVariant } from './imported.ts';
import { readImage, readSource, type SourceImage } from './source.ts';
import {
  IMAGE_URL_PREFIX,
  type ImageData,
  type ImageFormat,
  type ImageOptions,
  type ImageService,
  type RasterImage,
  type RasterOptions,
} from './types.ts';
import {
  boundBySizes,
  defaultSizes,
  fallbackWidth,
  heightAt,
  imageUrl,
  MIME,
  passThroughName,
  srcsetOf,
  variantName,
  variantWidths,
} from './widths.ts';

export interface ImagePipeline extends ImageService {
  /** Makes every planned file (build: most are under way already); throws the first failure. */
  ready(): Promise<void>;
  /** Every file the pages use: the cached file and its output-relative path. */
  outputs(): Array<{ from: string; to: string; immutable: true }>;
  /** Ends the encoder process (a build, once done with its images); resolves once it exited. */
  close(): Promise<void>;
  /** Whether any image carries an inline `data:` placeholder (the CSP's img-src must allow it). */
  readonly usesDataUris: boolean;
  /** The cached file of a URL under `/_ssg/image/`, made on demand (`ssg dev`); else undefined. */
  fileOf(pathname: string): Promise<string | undefined>;
  /** An image a module imports (absolute `file`): its data and the variants it names. */
  importImage(
    file: string,
    label: string,
    from: NonNullable<ImageOptions['from']>,
    sizes?: string,
  ): Promise<{ data: ImageData; variants: ImportedVariant[] }>;
}

export interface PipelineOptions {
  contentDir: string;
  /** The site's folder: a content image may be a link into it (default: the content folder only). */
  siteRoot?: string;
  /** Where variants are cached between builds, e.g. `node_modules/.ssg/images`. */
  cacheDir: string;
  /** Build: start making each variant as soon as it is planned; dev: only when asked for. */
  eager: boolean;
  /** Variants of images the site's code imports (vite-plugin.ts), planned when files are listed. */
  imports?: () => readonly ImportedVariant[];
}

export function createImagePipeline(options: PipelineOptions): ImagePipeline {
  // how many encode at once is the encoder's to bound (its lanes); here each variant waits its turn there
  const encoder = createEncoder();
  // each image's size and kind, by digest: a build whose variants are all cached never loads sharp
  const factsDir = path.join(options.cacheDir, 'facts');
  const planned = new Map<string, Variant>();
  const made = new Map<string, Promise<string>>();
  let usesDataUris = false;

  const make = (variant: Variant): Promise<string> => {
    let file = made.get(variant.name);
    if (!file) {
      file = ensureVariant(options.cacheDir, variant, encoder);
      made.set(variant.name, file);
      // a failure is reported by files() or fileOf(); it must not end the process meanwhile
      file.catch(() => {});
    }
    return file;
  };
  const plan = (variant: Variant): string => {
    planned.set(variant.name, variant);
    if (options.eager) void make(variant);
    return imageUrl(variant.name);
  };

  const adoptImports = () => {
    for (const v of options.imports?.() ?? []) {
      if (planned.has(v.name)) continue;
      const { file, name, ...size } = v;
      plan({ kind: 'pixels', name, job: { kind: 'resize', file, ...size }, source: file });
    }
  };

  // a build starts on the imported images at once: they are known when the bundle is loaded
  if (options.eager) adoptImports();

  const getImage = async (source: string, asked: ImageOptions = {}): Promise<ImageData> =>
    describe(
      await readSource(options.contentDir, source, asked.from, options.siteRoot, factsDir),
      asked,
    );

  async function importImage(
    file: string,
    label: string,
    from: NonNullable<ImageOptions['from']>,
    sizes?: string,
  ) {
    const image = await readImage(file, label, from, factsDir);
    const variants: ImportedVariant[] = [];
    const data = await describe(image, sizes === undefined ? { from } : { from, sizes }, (v) => {
      if (v.kind === 'pixels' && v.job.kind === 'resize') {
        const { width, height, format, quality } = v.job;
        variants.push({ name: v.name, file, width, height, format, quality });
      }
    });
    return { data, variants };
  }

  async function describe(
    image: SourceImage,
    asked: ImageOptions,
    onPlan?: (variant: Variant) => void,
  ): Promise<ImageData> {
    const { source } = image;
    const add = (variant: Variant): string => {
      onPlan?.(variant);
      return plan(variant);
    };
    const hash = optionsHash(image, asked);
    if (image.format === 'svg') {
      const src = add({
        kind: 'bytes',
        name: passThroughName(source, hash, 'svg'),
        bytes: image.bytes,
      });
      return {
        src,
        srcset: '',
        sources: [],
        width: image.width,
        height: image.height,
        sizes: asked.sizes ?? defaultSizes(asked.width),
      };
    }
    const full = cropped(image, asked);
    if (asked.width && asked.width > full.width) {
      throw imageError(
        'IMAGE_TOO_SMALL',
        source,
        asked.from,
        `is ${full.width} pixels wide, smaller than the width asked (${asked.width}).`,
        `Use a photo at least ${asked.width} pixels wide (twice that for sharp screens), or ask for a smaller width.`,
      );
    }
    // only the widths the image's `sizes` can ask for are made, not only listed
    const widths = boundBySizes(variantWidths(full.width, asked), asked.sizes);
    const formats: ImageFormat[] = ['avif', 'webp', image.hasAlpha ? 'png' : 'jpeg'];
    const srcsets = formats.map((format) =>
      srcsetOf(
        widths.map((width) => ({
          width,
          url: add({
            kind: 'pixels',
            name: variantName(source, hash, width, format),
            job: {
              kind: 'resize',
              // the file, not the bytes: a planned variant must not hold a 5 MB photo until it is made
              file: image.file,
              width,
              height: heightAt(width, full),
              ...(asked.height ? { fit: asked.fit ?? 'cover' } : {}),
              format,
              quality: asked.quality ?? QUALITY[format],
            },
            source: image.source,
            ...(asked.from ? { from: asked.from } : {}),
          }),
        })),
      ),
    );
    const fallback = formats[2] ?? 'jpeg';
    const widest = widths.at(-1) ?? full.width;
    const data: ImageData = {
      src: imageUrl(variantName(source, hash, fallbackWidth(widths), fallback)),
      srcset: srcsets[2] ?? '',
      sources: formats.slice(0, 2).map((f, i) => ({ type: MIME[f], srcset: srcsets[i] ?? '' })),
      width: widest,
      height: heightAt(widest, full),
      sizes: asked.sizes ?? defaultSizes(asked.width),
    };
    // a blurred copy behind a transparent image would show through it
    if ((asked.placeholder ?? 'blur') === 'blur' && !image.hasAlpha) {
      // not queued behind the variants: the content stage waits for it (shrink-on-load keeps it cheap)
      data.placeholder = await blurPlaceholder(options.cacheDir, encoder, image, asked.from);
      usesDataUris = true;
    }
    return data;
  }

  async function rasterize(svg: string, asked: RasterOptions): Promise<RasterImage> {
    const format = asked.format ?? 'png';
    const hash = createHash('sha256')
      .update(ENCODER_VERSION)
      .update(JSON.stringify(asked))
      .update(svg)
      .digest('hex')
      .slice(0, 10);
    const name = variantName(asked.name, hash, asked.width, format);
    const { width, height } = asked;
    const job = { kind: 'raster', svg, width, height, format } as const;
    // made when missing, like a photo's variants: a warm build rasterizes nothing
    const src = plan({ kind: 'pixels', name, job, source: asked.name });
    return { src, width: asked.width, height: asked.height, type: MIME[format] };
  }

  return {
    getImage,
    rasterize,
    get usesDataUris() {
      return usesDataUris;
    },
    importImage,
    close: () => encoder.close(),
    async ready() {
      adoptImports();
      await Promise.all([...planned.values()].map(make));
    },
    outputs() {
      adoptImports();
      return [...planned.keys()].sort().map((name) => ({
        from: path.join(options.cacheDir, name),
        to: `${IMAGE_URL_PREFIX.slice(1)}${name}`,
        // named by the photo's digest and the options, written once: linked into the output
        immutable: true,
      }));
    },
    async fileOf(pathname) {
      if (!pathname.startsWith(IMAGE_URL_PREFIX)) return undefined;
      const variant = planned.get(pathname.slice(IMAGE_URL_PREFIX.length));
      return variant ? make(variant) : undefined;
    },
  };
}

/** The upright size the variants are cut from: the whole image, or its largest box of the asked aspect ratio. */
function cropped(image: SourceImage, asked: ImageOptions): { width: number; height: number } {
  const { width, height } = image;
  if (!asked.width || !asked.height || (asked.fit ?? 'cover') !== 'cover') return { width, height };
  const ratio = asked.width / asked.height;
  return width / height > ratio
    ? { width: Math.round(height * ratio), height }
    : { width, height: Math.round(width / ratio) };
}

/** Ten hex digits of the content and every option that changes pixels. */
function optionsHash(image: SourceImage, asked: ImageOptions): string {
  // `sizes` only leaves widths out: a variant of a width is the same file with or without it
  const { from: _from, placeholder: _placeholder, sizes: _sizes, ...pixels } = asked;
  return createHash('sha256')
    .update(ENCODER_VERSION)
    .update(image.digest)
    .update(JSON.stringify(pixels))
    .digest('hex')
    .slice(0, 10);
}

export const defaultCacheDir = (root: string): string =>
  path.join(root, 'node_modules/.ssg/images');
