/**
 * Images the site's code imports reach the build's image service through the server bundle:
 * each image module of the bundle, when Node evaluates it, lists its variants in a registry of
 * the process, under its own URL (inside the bundle's folder). The build's service takes those
 * of its bundle, so the files are made, cached and copied like those of the content, even when
 * Vite did not run (an unchanged bundle reused).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImageData, ImageFormat } from './types.ts';

/** One file to make for an imported image: plain JSON written into the server bundle. */
export interface ImportedVariant {
  name: string;
  /** The source image, absolute. */
  file: string;
  width: number;
  height: number;
  format: ImageFormat;
  quality: number;
}

/** Shared by every copy of this package in the process: the bundle may resolve another one. */
const REGISTRY = 'ssg.image.imports';
type Registry = Array<[moduleUrl: string, variants: ImportedVariant[]]>;

const registry = (): Registry =>
  ((globalThis as Record<symbol, Registry | undefined>)[Symbol.for(REGISTRY)] ??= []);

/** The variants registered by the modules of the server bundle whose entry is `entryUrl`. */
export function importedVariants(entryUrl: string | undefined): ImportedVariant[] {
  if (!entryUrl?.startsWith('file:')) return [];
  const dir = path.dirname(fileURLToPath(entryUrl));
  // Node names a module by its real path: the bundle's folder may be reached through a symlink
  const dirs = [dir, realpathOr(dir)].map((d) => d + path.sep);
  return registry().flatMap(([url, variants]) => {
    const file = url.startsWith('file:') ? fileURLToPath(url) : '';
    return dirs.some((d) => file.startsWith(d)) ? variants : [];
  });
}

function realpathOr(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/**
 * The code of an image module: the image's data as its default export; in the server bundle
 * (`variants` given) it also registers the variants, which the browser's bundle never carries.
 */
export function imageModuleCode(data: ImageData, variants?: readonly ImportedVariant[]): string {
  const json = JSON.stringify(data);
  if (!variants) return `export default ${json};\n`;
  return [
    `(globalThis[Symbol.for(${JSON.stringify(REGISTRY)})] ??= []).push([import.meta.url, ${JSON.stringify(variants)}]);`,
    `export default ${json};`,
    '',
  ].join('\n');
}
