// Writes a build's client-only routes for the hosts: `_redirects` and `_ssg-host/match-paths.json`; nothing when there are none.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MatchPath } from '../shared/match-path-list.ts';
import { MATCH_PATHS_FILE, redirectsFile } from './match-path-rules.ts';
import { HOST_DIR } from './rules.ts';

/** Writes the files into the staging folder (whose `_ssg-host/` exists); returns the names it wrote. */
export async function writeMatchPaths(
  stagingDir: string,
  matchPaths: readonly MatchPath[],
): Promise<string[]> {
  if (matchPaths.length === 0) return [];
  await writeFile(path.join(stagingDir, '_redirects'), redirectsFile(matchPaths));
  await writeFile(
    path.join(stagingDir, HOST_DIR, MATCH_PATHS_FILE),
    `${JSON.stringify(matchPaths, null, 2)}\n`,
  );
  return ['_redirects', `${HOST_DIR}/${MATCH_PATHS_FILE}`];
}
