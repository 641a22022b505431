/**
 * Types this project sets itself: text types get `charset=utf-8` (mrmime's table has none) and
 * `.ico`, which mrmime does not know. Any other extension keeps the type mrmime gives it (pdf,
 * mp3, ttf, wasm, …).
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.ico': 'image/x-icon',
};

/** The type of `file` when this project decides it, else `undefined` (mrmime decides). */
export const ownTypeOf = (file: string): string | undefined => {
  const dot = file.lastIndexOf('.');
  return dot >= 0 ? TYPES[file.slice(dot).toLowerCase()] : undefined;
};

/** For `ssg dev`'s own files: our type, or bytes. */
export const contentTypeOf = (file: string): string =>
  ownTypeOf(file) ?? 'application/octet-stream';

/** Text worth compressing; images, fonts (woff2 is compressed already) and media are not. */
export const isCompressible = (type: string): boolean =>
  /^(text\/|application\/(json|xml|manifest\+json|javascript)|image\/svg\+xml)/.test(type);
