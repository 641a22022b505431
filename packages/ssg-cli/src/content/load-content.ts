// Stage "content": the site's content, read and validated by the site's own loadContent().
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { SsgError } from '../errors.ts';
import { imageServiceOf } from '../image/build-hooks.ts';
import type { ImagePipeline } from '../image/pipeline.ts';
import type { ContentInput } from '../site/index.ts';
import type { LoadedSite } from '../types.ts';
import { resolveSecurity, type Security } from './security.ts';

/** What stage "content" made. */
export interface SiteContent {
  content: unknown;
  /** Content files read, relative to contentDir, sorted. */
  files: string[];
  /** The image service the content used: its files are copied at emit. */
  images: ImagePipeline;
}

/** Stage "content": the site reads and validates its content; every problem of the run is reported. */
export async function loadContent(
  site: {
    loaded: LoadedSite;
    contentDir: string;
    brand: string;
    root: string;
  },
  images: ImagePipeline = imageServiceOf(site),
  cache?: ContentInput['cache'],
): Promise<SiteContent> {
  const result = await site.loaded.site.loadContent({
    contentDir: site.contentDir,
    brand: site.brand,
    images,
    ...(cache ? { cache } : {}),
  });
  if (!result.ok) {
    const count = result.issues.length;
    throw new SsgError(
      'CONTENT_INVALID',
      `The content in ${site.contentDir} has ${count} problem${count === 1 ? '' : 's'}; nothing was written.`,
      {
        issues: result.issues,
        hint: 'Fix each file and field listed above, then build again. The previous output is untouched.',
      },
    );
  }
  return { content: result.content, files: [...result.files].sort(), images };
}

/** Stage "content" as the build runs it: the content and its images, then the security they imply. */
export async function loadSiteContent(
  site: Parameters<typeof loadContent>[0] &
    Parameters<typeof resolveSecurity>[0] & { force: boolean },
  images: ImagePipeline,
): Promise<Omit<SiteContent, 'files'> & { security: Security }> {
  // per brand: a site's content may differ by brand; per code: a changed schema reads anew
  const cache = {
    dir: path.join(site.root, 'node_modules/.ssg/content', site.brand),
    version: site.loaded.codeHash,
  };
  // --force builds everything anew: what earlier builds kept of the content goes too
  if (site.force) await rm(cache.dir, { recursive: true, force: true });
  const { content } = await loadContent(site, images, cache);
  return { content, images, security: resolveSecurity(site, content, images) };
}
