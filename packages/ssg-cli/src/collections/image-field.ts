// Image fields: `image()` in a schema marks a path; the collection turns it into `<Image>`'s data.
import path from 'node:path';
import type { ContentIssue } from '../errors.ts';
import { SsgError } from '../errors.ts';
import type { ImageData, ImageOptions, ImageService } from '../image/types.ts';
import { formatPath } from './issues.ts';

const MARK = '$ssgImage';

/** What `image()` leaves in the data until the collection asks the image service: plain, so it caches. */
interface ImageMark {
  [MARK]: string;
  options: Omit<ImageOptions, 'from'>;
}

const isMark = (value: unknown): value is ImageMark =>
  typeof value === 'object' && value !== null && typeof (value as ImageMark)[MARK] === 'string';

/**
 * A field holding an image's path, for the schema library's transform: `z.string().transform(image())`.
 * The entry's field becomes the `ImageData` that `<Image image={…}>` takes, made by the build's
 * image pipeline. A path starting with `./` or `../` is relative to the entry's file, any other to
 * the content folder.
 */
export function image(options: Omit<ImageOptions, 'from'> = {}): (source: string) => ImageData {
  // typed as what it becomes: the collection replaces every mark before the site sees the data
  return (source) => ({ [MARK]: source, options }) as unknown as ImageData;
}

/** The image's path relative to the content folder. */
const sourceOf = (file: string, source: string): string =>
  /^\.\.?\//.test(source) ? path.posix.join(path.posix.dirname(file), source) : source;

/**
 * The data with every image mark replaced by the image service's data; an image that cannot be
 * used (missing, outside the content folder, not an image) is an issue of the file and field.
 */
export async function resolveImages(
  file: string,
  data: unknown,
  images: ImageService,
  issues: ContentIssue[],
): Promise<unknown> {
  const walk = async (value: unknown, at: Array<string | number>): Promise<unknown> => {
    if (isMark(value)) {
      const where = formatPath(at);
      try {
        return await images.getImage(sourceOf(file, value[MARK]), {
          ...value.options,
          from: { file, path: where },
        });
      } catch (error) {
        if (!(error instanceof SsgError)) throw error;
        const message = error.hint ? `${error.message} ${error.hint}` : error.message;
        issues.push({ file, path: where, value: value[MARK], message });
        return undefined;
      }
    }
    if (Array.isArray(value)) return Promise.all(value.map((item, i) => walk(item, [...at, i])));
    if (
      typeof value === 'object' &&
      value !== null &&
      Object.getPrototypeOf(value) === Object.prototype
    ) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[key] = await walk(item, [...at, key]);
      return out;
    }
    return value;
  };
  return walk(data, []);
}
