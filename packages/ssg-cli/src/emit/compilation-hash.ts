// The compilation hash in every page and in app-data.json: a tab reloads once when it differs
// (spec §4), so it covers exactly what a tab that loaded one build keeps using as it navigates.
import { createHash } from 'node:crypto';
import type { ClientBundle } from '../bundle/client.ts';
import type { MatchPath } from '../shared/match-path-list.ts';

/** What a running tab holds on to across client navigations. */
export interface SessionInput {
  /** Its JS and CSS: chunk file names (Rollup's content hash is in each), the chunk of each component, the inlined stylesheet. */
  client: ClientBundle;
  /** The settings its root element carries and the runtime reads once. */
  trailingSlash: string;
  matchPaths: readonly MatchPath[];
  /** Static-query results and slice data by URL: the loader fetches each once per session. */
  sessionFiles: ReadonlyArray<readonly [string, string | Uint8Array]>;
}

/**
 * Pages' HTML and page-data are not in it: they work with the same code, so a change of page
 * content rewrites only those pages, not every document. App-data's build id (build-id.ts) covers
 * them: a tab that sees it change drops the page-data it holds and fetches the new.
 */
export function compilationHashOf(input: SessionInput): string {
  const digest = createHash('sha256');
  const { client, trailingSlash, matchPaths } = input;
  digest.update(JSON.stringify([client, trailingSlash, matchPaths]));
  for (const [url, contents] of input.sessionFiles) digest.update(`\0${url}\0`).update(contents);
  return digest.digest('hex').slice(0, 20);
}
