// The folders a build copies as they are into its output.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SiteFiles } from '../bundle/vite-config.ts';
import type { ImagePipeline } from '../image/pipeline.ts';
import type { LoadedSite } from '../types.ts';
import type { CopiedAsset } from './place-copied.ts';

/**
 * Folders copied as they are into the output: the `public/` folder beside the site's package.json
 * (Vite's convention: `ssg dev` serves it, so the build must write it) and the site's own
 * `assets`, and the image files the pages use.
 */
export function copiedFolders(
  site: { files: SiteFiles; loaded: LoadedSite },
  content: unknown,
  images?: ImagePipeline,
): CopiedAsset[] {
  const assets = [...(site.loaded.site.assets?.(content) ?? []), ...(images?.outputs() ?? [])];
  const publicDir = path.join(site.files.packageDir, 'public');
  return existsSync(publicDir) ? [{ from: publicDir, to: '.' }, ...assets] : assets;
}
