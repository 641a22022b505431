// Warnings and errors for page-data files too large for quick navigation.
import type { PageData } from '@ssg/loader/contract';
import { SsgError } from '../errors.ts';

/** Above this a page's data slows every navigation to it: warn. */
export const PAGE_DATA_WARN_BYTES = 128 * 1024;
/** Above this the build stops: no visitor should download that much data for one page. */
export const PAGE_DATA_ERROR_BYTES = 500 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The biggest fields of `result.data`, by JSON size, to name in the message. */
export function largestFields(data: unknown, count = 3): Array<{ field: string; bytes: number }> {
  if (data === null || typeof data !== 'object') return [];
  return Object.entries(data)
    .map(([field, value]) => ({
      field: `result.data.${field}`,
      bytes: Buffer.byteLength(JSON.stringify(value) ?? ''),
    }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

/** Checks one page's serialized page-data; returns a warning, throws past the error limit. */
export function checkPageDataSize(page: PageData, json: string): string | undefined {
  const bytes = Buffer.byteLength(json);
  if (bytes <= PAGE_DATA_WARN_BYTES) return undefined;
  const fields = largestFields(page.result.data)
    .map((f) => `${f.field} (${kb(f.bytes)})`)
    .join(', ');
  const what = `The page-data of ${page.path} is ${kb(bytes)}; its largest fields are ${fields || 'none'}.`;
  if (bytes > PAGE_DATA_ERROR_BYTES) {
    throw new SsgError(
      'PAGE_DATA_TOO_LARGE',
      `${what} The limit is ${kb(PAGE_DATA_ERROR_BYTES)}.`,
      {
        hint: 'Give the page only the data it shows: move shared data to a static query, or split the page.',
      },
    );
  }
  return `${what} Above ${kb(PAGE_DATA_WARN_BYTES)} every visit to the page waits for it; select less data in routes().`;
}
