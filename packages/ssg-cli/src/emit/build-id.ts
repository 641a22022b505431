// The build id in app-data.json: which data a tab may fetch from this build. A tab that sees it
// change under the same compilation hash drops the data it holds (new content, same code).
import { createHash } from 'node:crypto';
import { appDataUrl } from '@ssg/loader/contract';

/** A file a tab fetches and holds as it navigates: page-data, static queries, slice data. */
export const isTabData = (url: string): boolean =>
  (url.startsWith('/page-data/') || url.startsWith('/slice-data/')) && url !== appDataUrl();

/**
 * Digest of the tab data files among `names` (in emit's order, the same on every machine) and
 * their bytes' MD5: two builds of the same input give the same id.
 */
export function buildIdOf(
  names: Iterable<string>,
  md5Of: (url: string) => string | undefined,
): string {
  const digest = createHash('sha256');
  for (const name of names) if (isTabData(name)) digest.update(`${name}\0${md5Of(name)}\0`);
  return digest.digest('hex').slice(0, 20);
}
