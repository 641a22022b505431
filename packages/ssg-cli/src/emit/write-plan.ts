// What emit will write into the staging folder, known once the routes are: about how many files,
// and the folders they go in, which the writer makes ahead on a build that writes every file.
import path from 'node:path';
import { pageDataUrl, sliceDataUrl, staticQueryUrl } from '@ssg/loader/contract';
import type { WritePlan } from '../output/index.ts';
import type { Routes } from '../routes/index.ts';
import { htmlFileOf } from '../shared/files.ts';
import type { LoadedSite } from '../types.ts';

/** Two files per page (its HTML and its page-data), and their folders. */
export const writePlanOf = (stagingDir: string, loaded: LoadedSite, routes: Routes): WritePlan => ({
  files: 2 * routes.routes.length,
  folders: () => foldersAhead(stagingDir, loaded, routes),
});

/**
 * The folders emit will write into (two per page: `p/1/` and `page-data/p/1/`), made ahead by the
 * writer while Vite bundles and pages render: making 20,000 folders is a good part of writing them.
 */
export function foldersAhead(stagingDir: string, loaded: LoadedSite, routes: Routes): string[] {
  const dirs = new Set<string>();
  const add = (url: string) => dirs.add(path.dirname(path.join(stagingDir, url)));
  for (const route of routes.routes) {
    add(`/${htmlFileOf(route.path)}`);
    add(pageDataUrl(route.path));
  }
  if (loaded.site.staticQueries.length > 0) add(staticQueryUrl('x'));
  if (routes.slices.length > 0) add(sliceDataUrl('x'));
  return [...dirs];
}
