// Stage "service-worker": the build's sw.js (the bundled worker, the site's settings, this build's precache list) and its offline page.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pageDataUrl } from '@ssg/loader/contract';
import type { PrecacheEntry, WorkerSettings } from '../browser/sw-settings.ts';
import type { RuntimeCachingRule } from '../config/define-config.ts';
import { OFFLINE_PAGE } from '../host/rules.ts';
import { REQUIRED_PAGES } from '../routes/collect-routes.ts';
import { browserCode } from '../shared/browser-code.ts';
import type { CspSettings } from '../shared/csp.ts';
import { htmlFileOf } from '../shared/files.ts';
import type { LoadedSite } from '../types.ts';

/** The worker's settings for a site (all but the build's hash): written into sw.js beside the manifest. */
export function serviceWorkerSettings(
  brand: string,
  rules: readonly RuntimeCachingRule[],
): Omit<WorkerSettings, 'build'> {
  return {
    // cache names: ssg-<brand>-precache-v2-<scope>, …; every ssg cache starts with `ssg-`
    cacheId: `ssg-${brand}`,
    offlinePage: OFFLINE_PAGE,
    runtimeCaching: rules.map(({ urlPrefix, strategy, cacheName, maxEntries, maxAgeSeconds }) => ({
      urlPrefix,
      strategy,
      cacheName,
      ...(maxEntries ? { maxEntries } : {}),
      ...(maxAgeSeconds ? { maxAgeSeconds } : {}),
    })),
  };
}

/** A precache revision: the MD5 of the contents, as workbox makes them. */
export const md5 = (contents: string | Uint8Array): string =>
  createHash('md5').update(contents).digest('hex');

/**
 * Whether the worker precaches an output file (output-relative path): every HTML file (pages,
 * 404, 500, the offline page) and the data files (page-data, app-data, static queries, slice
 * data). Nothing under `_ssg*`: chunks are listed by name, host files are not for browsers.
 */
export const isPrecached = (file: string): boolean =>
  !/^_ssg[^/]*\//.test(file) &&
  (file.endsWith('.html') || (/^(page-data|slice-data)\//.test(file) && file.endsWith('.json')));

/**
 * Pages whose HTML and data the worker precaches, at most: the first ones in the site's route
 * order, and always the home, 404 and 500 pages. A page beyond them needs the network (offline,
 * the offline page answers). Precaching every page has each visitor's first visit download the
 * whole site: at 100,000 pages, a 16 MB sw.js, then 1.6 GB of pages and data.
 */
export const PRECACHE_PAGES_MAX = 200;

/**
 * Output-relative names of the HTML and data files of the pages the worker precaches: emit keeps
 * the revisions of only these of the pages' files (not 200,000 at 100,000 pages).
 */
export function precachedPageFiles(pagePaths: readonly string[]): Set<string> {
  const pages = [
    ...pagePaths.slice(0, PRECACHE_PAGES_MAX),
    ...pagePaths.filter((page) => REQUIRED_PAGES.includes(page)),
  ];
  return new Set(pages.flatMap((page) => [htmlFileOf(page), pageDataUrl(page).slice(1)]));
}

/** The precache list without the pages past the first `PRECACHE_PAGES_MAX` of `pagePaths`. */
export function precacheWithin(
  precache: ReadonlyMap<string, string>,
  pagePaths: readonly string[],
): Map<string, string> {
  const kept = new Map(precache);
  for (const page of pagePaths.slice(PRECACHE_PAGES_MAX)) {
    if (REQUIRED_PAGES.includes(page)) continue;
    kept.delete(htmlFileOf(page));
    kept.delete(pageDataUrl(page).slice(1));
  }
  return kept;
}

/**
 * What the worker precaches: the files emit recorded with their revisions (it hashed the bytes
 * it wrote, so nothing is read back) and this build's hashed JS and CSS, whose names carry
 * their hash (revision null).
 */
export function precacheManifest(
  revisions: ReadonlyMap<string, string>,
  chunks: readonly string[],
): PrecacheEntry[] {
  const entries: PrecacheEntry[] = [...revisions].map(([url, revision]) => ({ url, revision }));
  for (const chunk of chunks) {
    if (/\.(js|css)$/.test(chunk)) entries.push({ url: chunk.replace(/^\//, ''), revision: null });
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/** What the worker is made from. */
export interface ServiceWorkerInput {
  stagingDir: string;
  loaded: LoadedSite;
  brand: string;
  serviceWorker: boolean;
  runtimeCaching: RuntimeCachingRule[];
  compilationHash: string;
  csp?: CspSettings;
  /** Emit's precache revisions (output-relative path → MD5). */
  precache: ReadonlyMap<string, string>;
  /** The pages' paths in the site's route order: the first ones are precached. */
  pagePaths: readonly string[];
  /** The client bundle's files, output-relative. */
  clientFiles: readonly string[];
  /** The offline page (`offlinePageOf`), written beside the worker, which precaches it. */
  offlineHtml: string;
}

/**
 * Stage "service-worker": the worker bundled with the package (src/browser/sw.ts), with this
 * build's settings and precache list (revisions from emit) written in at the points it reads
 * them, `self.__SSG_SW__` and workbox's documented `self.__WB_MANIFEST`.
 * With `serviceWorker: false` it writes a worker that unregisters itself instead. Returns the
 * output-relative names it wrote.
 */
export async function generateServiceWorker(ctx: ServiceWorkerInput): Promise<string[]> {
  const compilationHash = ctx.compilationHash;
  const swFile = path.join(ctx.stagingDir, 'sw.js');
  if (!ctx.serviceWorker) {
    await writeFile(swFile, unregisteringWorker(compilationHash));
    return ['sw.js'];
  }
  const { offlineHtml } = ctx;
  await writeFile(path.join(ctx.stagingDir, OFFLINE_PAGE), offlineHtml);
  const revisions = precacheWithin(ctx.precache, ctx.pagePaths);
  revisions.set(OFFLINE_PAGE.replace(/^\//, ''), md5(offlineHtml));
  const settings = {
    build: compilationHash,
    ...serviceWorkerSettings(ctx.brand, ctx.runtimeCaching),
  };
  const code = fillIn(browserCode('sw'), {
    'self.__SSG_SW__': settings,
    'self.__WB_MANIFEST': precacheManifest(revisions, ctx.clientFiles),
  });
  await writeFile(swFile, `// build ${compilationHash}\n${code}`);
  return ['sw.js', OFFLINE_PAGE];
}

/** sw.js that replaces a worker of this origin, deletes its caches and unregisters (src/browser/sw-off.ts). */
export function unregisteringWorker(compilationHash: string): string {
  const code = fillIn(browserCode('swOff'), { 'self.__SSG_SW__': { build: compilationHash } });
  return `// build ${compilationHash}\n${code}`;
}

/** The worker's code with each placeholder (found exactly once) replaced by its value as JSON. */
function fillIn(code: string, values: Record<string, unknown>): string {
  let filled = code;
  for (const [placeholder, value] of Object.entries(values)) {
    const at = filled.indexOf(placeholder);
    if (at === -1 || filled.indexOf(placeholder, at + 1) !== -1) {
      throw new Error(
        `The bundled service worker should read ${placeholder} once; rebuild @ssg/cli.`,
      );
    }
    filled = filled.slice(0, at) + JSON.stringify(value) + filled.slice(at + placeholder.length);
  }
  return filled;
}
