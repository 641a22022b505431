/**
 * The config file of a site, `ssg.config.ts` in the site's folder:
 *
 *   import { defineConfig } from '@ssg/cli';
 *   export default defineConfig({ contentDir: 'content', outDir: 'dist' });
 *
 * Every field is optional; flags of `ssg build|dev|serve` override the file.
 */
import type { UserConfig } from 'vite';

import type { TrailingSlash } from '../shared/trailing-slash.ts';

export type { TrailingSlash };

/** A rule of the service worker for files outside the precache (images, fonts…). */
export interface RuntimeCachingRule {
  /** Requests of the site's own origin whose path starts with this, e.g. `/images/`. */
  urlPrefix: string;
  /** Workbox strategy. */
  strategy: 'CacheFirst' | 'StaleWhileRevalidate' | 'NetworkFirst';
  /** Name of the cache the responses are kept in. */
  cacheName: string;
  /** Oldest entries are dropped past this count. */
  maxEntries?: number;
  /** Entries older than this are dropped. */
  maxAgeSeconds?: number;
}

export interface ServiceWorkerConfig {
  /** Default `[]`: only the build itself is cached (pages, data, chunks). */
  runtimeCaching?: RuntimeCachingRule[];
}

/**
 * Extra sources of the Content-Security-Policy the build computes (README, "Security headers").
 * Each entry is an https origin (`https://cdn.example.com`), or `data:` / `blob:` where the
 * directive allows it. The build adds the hashes of the pages' inline code itself, and each
 * page's `<Script>` origins (with `worker-src blob:` where `worker-idle` is used).
 */
export interface CspConfig {
  scriptSrc?: string[];
  connectSrc?: string[];
  imgSrc?: string[];
  /** Workers of other origins, or `blob:` for one the site makes itself (`<Script>`'s are added). */
  workerSrc?: string[];
  frameSrc?: string[];
  /** Default `false`. `true` sends `Content-Security-Policy-Report-Only`: reports, blocks nothing. */
  reportOnly?: boolean;
}

/** `Strict-Transport-Security`, sent only over HTTPS by the nginx snippet and in `_headers`. */
export interface HstsConfig {
  /** Seconds browsers remember to use HTTPS only. Default 63072000 (two years). */
  maxAge?: number;
  /** Default `false`: every subdomain must serve HTTPS before this is turned on. */
  includeSubDomains?: boolean;
}

export interface SsgConfig {
  /** Folder of the site's code, holding `site.ts` (build time) and `browser.ts`. Default `src`. */
  srcDir?: string;
  /** Folder of the content, passed to the site's `loadContent`. Default `content`. */
  contentDir?: string;
  /**
   * Output folder. Default `dist`. A function gets the brand being built, for sites that build
   * several brands from one code base (`({ brand }) => \`dist/${brand}\``).
   */
  outDir?: string | ((target: { brand: string }) => string);
  /** `always` (default): `/a/`; `never`: `/a`; `ignore`: both answer. */
  trailingSlash?: TrailingSlash;
  /** Builds whose hashed chunks stay in the output for tabs still running them. Default 2. */
  keepBuilds?: number;
  /**
   * Default `true`: `sw.js` precaches the build for offline use. `false` writes a `sw.js` that
   * unregisters itself and deletes its caches. An object turns it on with extra rules.
   */
  serviceWorker?: boolean | ServiceWorkerConfig;
  /** Extra sources of the Content-Security-Policy, and its report-only mode. */
  csp?: CspConfig;
  /**
   * Default: on when the site's address (`SiteDefinition.url`) is `https://`. `false` leaves
   * the header out; an object sets its max-age and includeSubDomains.
   */
  hsts?: boolean | HstsConfig;
  /** Merged into the Vite config of the client build, the server render and `ssg dev`. */
  vite?: UserConfig;
}

/** Types the config file; returns it as it is. */
export function defineConfig(config: SsgConfig): SsgConfig {
  return config;
}
