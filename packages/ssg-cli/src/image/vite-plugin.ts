/**
 * `import photo from './photo.jpg'` in a site's code: the module is the image's data (what
 * `<Image image={photo}>` and a CSS background need), planned by the same image service and disk
 * cache as content images. Vite never copies the photo: the browser's bundle holds only the data,
 * the server bundle also lists the variants for the build to make (imported.ts), and `ssg dev`
 * makes each file when the browser asks for it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { SsgError } from '../errors.ts';
import { devImage } from './build-hooks.ts';
import { type ImportedVariant, imageModuleCode } from './imported.ts';
import { createImagePipeline, defaultCacheDir, type ImagePipeline } from './pipeline.ts';
import type { ImageData } from './types.ts';

/** The raster formats an import turns into data; SVG, GIF and `?url`/`?raw` imports stay Vite's. */
const IMPORTED = /\.(jpe?g|png|webp|avif)$/i;

/**
 * The photo an import names and the `sizes` its query gives (`./a.jpg?sizes=50vw`, or
 * `import.meta.glob`'s `query: { sizes }`), or undefined for another import (`?url`, `?raw`).
 */
function importedPhoto(id: string): { file: string; sizes?: string } | undefined {
  const at = id.indexOf('?');
  const file = at === -1 ? id : id.slice(0, at);
  if (!IMPORTED.test(file)) return undefined;
  if (at === -1) return { file };
  const query = new URLSearchParams(id.slice(at + 1));
  // import.meta.glob adds `lang.<ext>` to a query of its own
  const others = [...query.keys()].filter((k) => k !== 'sizes' && !k.startsWith('lang.'));
  const sizes = query.get('sizes');
  return others.length === 0 && sizes !== null ? { file, sizes } : undefined;
}

type Described = { data: ImageData; variants: ImportedVariant[] };
// The server and client builds of one `ssg build` run in one process: each image is read once.
const described = new Map<string, Promise<Described>>();

/** The plugin, for the site whose folder (its config's) is `root`: the cache is that of its builds. */
export function importedImagesPlugin(root: string): Plugin {
  let service: ImagePipeline | undefined;
  const images = () =>
    (service ??= createImagePipeline({
      contentDir: root,
      cacheDir: defaultCacheDir(root),
      eager: false,
    }));
  const relative = (file: string) => path.relative(root, file) || file;
  // the first module that imported each image: errors name it
  const importers = new Map<string, string>();

  async function describe(file: string, importer: string, sizes?: string): Promise<Described> {
    const info = await stat(file);
    const key = `${file}\0${info.size}\0${info.mtimeMs}\0${sizes ?? ''}`;
    let made = described.get(key);
    if (!made) {
      const from = { file: relative(importer), path: '' };
      made = images().importImage(file, relative(file), from, sizes);
      described.set(key, made);
      made.catch(() => described.delete(key));
    }
    return made;
  }

  return {
    name: 'ssg-imported-images',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !importedPhoto(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved) {
        if (!importers.has(resolved.id)) importers.set(resolved.id, importer);
        return resolved;
      }
      throw withFix(
        new SsgError(
          'IMAGE_NOT_FOUND',
          `The image ${JSON.stringify(source)} imported by ${relative(importer)} was not found.`,
          {
            hint: 'Check the path (relative to that file; case matters) or add the photo there.',
            file: importer,
          },
        ),
      );
    },
    async load(id, options) {
      const photo = importedPhoto(id);
      if (!photo || !path.isAbsolute(photo.file)) return null;
      const importer = importers.get(id) ?? photo.file;
      const { file, sizes } = photo;
      const { data, variants } = await describe(file, importer, sizes).catch((error: unknown) => {
        throw error instanceof SsgError ? withFix(error) : error;
      });
      // the browser gets the data only; the server bundle also carries what to make
      return imageModuleCode(data, options?.ssr ? variants : undefined);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
        devImage(service, pathname).then(async (image) => {
          if (!image) return next();
          res.writeHead(200, { 'content-type': image.type, 'cache-control': 'no-store' });
          res.end(await readFile(image.file));
        }, next);
      });
    },
  };
}

/** The fix inside the message too: Vite's and the bundle's reports keep only the message. */
function withFix(error: SsgError): SsgError {
  return new SsgError(error.code, `${error.message} ${error.hint ?? ''}`.trim(), {
    file: error.file,
    cause: error,
  });
}
