import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BuildContext } from './context.ts';

/**
 * Folders copied as they are into the output: the `public/` folder beside the site's package.json
 * (Vite's convention: `ssg dev` serves it, so the build must write it) and the site's own
 * `assets`, and the image files the pages use.
 */
export function copiedFolders(
  ctx: Pick<BuildContext, 'files' | 'loaded' | 'content' | 'images'>,
): Array<{ from: string; to: string }> {
  const site = [...(ctx.loaded.site.assets?.(ctx.content) ?? []), ...(ctx.images?.outputs() ?? [])];
  const publicDir = path.join(ctx.files.packageDir, 'public');
  return existsSync(publicDir) ? [{ from: publicDir, to: '.' }, ...site] : site;
}
