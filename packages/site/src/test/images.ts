/** The build's image service for tests that call the site's loadContent themselves; it shares the build's cache. */
import path from 'node:path';
import { createImageService } from '@ssg/cli/image/node';

const CACHE = path.resolve(import.meta.dirname, '../../../../node_modules/.ssg/images');

export const testImages = (contentDir: string) =>
  createImageService({ contentDir, cacheDir: CACHE, eager: false });
