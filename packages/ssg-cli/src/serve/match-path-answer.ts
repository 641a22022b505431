// `ssg serve`, client-only routes: the build's `_ssg-host/match-paths.json`, read again when a new build replaced it.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MATCH_PATHS_FILE } from '../host/match-path-rules.ts';
import { HOST_DIR, isHiddenPath } from '../host/rules.ts';
import { type MatchPath, matchedPageFile } from '../shared/match-path-list.ts';
import type { Resolution } from './resolve-request.ts';

/** The build's match paths, most specific first; empty for a build without client-only routes. */
export function matchPathsOf(root: string): () => readonly MatchPath[] {
  const file = path.join(root, HOST_DIR, MATCH_PATHS_FILE);
  let seen = -1;
  let list: readonly MatchPath[] = [];
  return () => {
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      seen = -1;
      list = [];
      return list;
    }
    if (mtime !== seen) {
      try {
        list = JSON.parse(readFileSync(file, 'utf8')) as MatchPath[];
        seen = mtime;
      } catch {
        list = []; // half-written while a build swaps in: read again next time
      }
    }
    return list;
  };
}

/**
 * A URL with nothing of its own that a match path covers answers with that page's HTML (and the
 * page's policy); any other answer is kept. The file answered is the page's, never one named by
 * the URL, and the host's own files stay hidden.
 */
export function answerMatchPath(
  found: Resolution,
  root: string,
  matchPaths: readonly MatchPath[],
  rawUrl: string,
): Resolution {
  if (found.kind !== 'not-found' || matchPaths.length === 0) return found;
  const pathname = rawUrl.split('?')[0] ?? '/';
  if (isHiddenPath(pathname)) return found;
  const file = matchedPageFile(matchPaths, pathname);
  if (!file) return found;
  return { kind: 'file', file: path.join(root, file), pathname, policyUrl: `/${file}` };
}
