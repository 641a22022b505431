// The image pipeline's errors: each names the content file, the field, the value and the fix.
import { type ImageErrorCode, SsgError, showValue } from '../errors.ts';
import type { ImageOptions } from './types.ts';

export type { ImageErrorCode };

/** `The image "x.jpg" of gallery.json at photos[2].file …`: where the path was written, when known. */
function where(source: string, from: ImageOptions['from']): string {
  const value = showValue(source);
  if (!from) return `The image ${value}`;
  // an import in code has no JSON path: the importing module is the place
  return from.path
    ? `The image ${value} of ${from.file} at ${from.path}`
    : `The image ${value} imported by ${from.file}`;
}

/** An image problem as an SsgError whose message names the content file, the field and the value. */
export function imageError(
  code: ImageErrorCode | 'LINK_REFUSED',
  source: string,
  from: ImageOptions['from'],
  problem: string,
  hint: string,
  cause?: unknown,
): SsgError {
  return new SsgError(code, `${where(source, from)} ${problem}`, {
    hint,
    ...(from ? { file: from.file } : {}),
    ...(cause === undefined ? {} : { cause }),
  });
}
