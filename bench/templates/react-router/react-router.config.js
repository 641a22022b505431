// Framework mode as a static site: no runtime server, every page of pages.json (and the home
// and not-found pages) prerendered to HTML at build time, so no path is left to the SPA fallback.
import { allPages } from './app/pages.server.js';

/** @type {import('@react-router/dev/config').Config} */
export default {
  ssr: false,
  prerender: () => ['/', '/404/', ...allPages().map((p) => p.path)],
};
