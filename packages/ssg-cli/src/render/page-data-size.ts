// Warnings and errors for page-data and static-query files too large for quick navigation.
import { type PageData, staticQueryUrl } from '@ssg/loader/contract';
import { SsgError } from '../errors.ts';

/** Above this a page's data slows every navigation to it: warn. */
export const PAGE_DATA_WARN_BYTES = 128 * 1024;
/** Above this the build stops: no visitor should download that much data for one page. */
export const PAGE_DATA_ERROR_BYTES = 500 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The biggest fields of `data` (at `at` in its file), by JSON size, to name in the message. */
export function largestFields(
  data: unknown,
  count = 3,
  at = 'result.data',
): Array<{ field: string; bytes: number }> {
  if (data === null || typeof data !== 'object') return [];
  return Object.entries(data)
    .map(([field, value]) => ({
      field: `${at}.${field}`,
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

/**
 * Checks every static query's result as its file will be written: a result over the page-data
 * limit stops the build, naming each such query at once. Each page using a query downloads it.
 */
export function checkStaticQuerySizes(
  results: ReadonlyMap<string, { id: string; data: unknown }>,
): void {
  const over: string[] = [];
  for (const [hash, { id, data }] of results) {
    const bytes = Buffer.byteLength(JSON.stringify({ data }));
    if (bytes <= PAGE_DATA_ERROR_BYTES) continue;
    const fields = largestFields(data, 3, 'data')
      .map((f) => `${f.field} (${kb(f.bytes)})`)
      .join(', ');
    over.push(
      `The static query "${id}" (${staticQueryUrl(hash)}) is ${kb(bytes)}; its largest fields are ${fields || 'none'}.`,
    );
  }
  if (over.length === 0) return;
  throw new SsgError(
    'QUERY_DATA_TOO_LARGE',
    `${over.join(' ')} The limit is ${kb(PAGE_DATA_ERROR_BYTES)}, as for a page's data: every page that uses a query downloads it, and a page that shows it carries it in its HTML too.`,
    {
      hint: "Return from the query's select function only the fields the components show; give data that one page shows to that page's route as its data.",
    },
  );
}
