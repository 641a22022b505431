// The clinic site's config: `pnpm exec ssg build --brand vet` at the repository's root builds it.
import { defineConfig } from '@ssg/cli';

export default defineConfig({
  srcDir: 'packages/site/src',
  contentDir: 'content',
  // One output folder per brand: dist/vet, dist/med, …
  outDir: ({ brand }) => `dist/${brand}`,
  serviceWorker: {
    // Illustrations, photos and the font: served from the worker's cache, refreshed behind it.
    runtimeCaching: [
      { urlPrefix: '/images/', strategy: 'StaleWhileRevalidate', cacheName: 'ssg-static' },
      { urlPrefix: '/fonts/', strategy: 'StaleWhileRevalidate', cacheName: 'ssg-static' },
    ],
  },
});
