// Stage "service-worker": the build's sw.js (workbox, with this build's precache list) and its offline page.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { GenerateSWOptions } from 'workbox-build';
import type { RuntimeCachingRule } from '../config/define-config.ts';
import { OFFLINE_PAGE } from '../host/rules.ts';
import type { CspSettings } from '../shared/csp.ts';
import { offlinePageOf } from './offline-page.ts';
import { type PrecacheEntry, selfUnregisteringWorker, serviceWorkerPrelude } from './sw-runtime.ts';
import type { LoadedSite } from './types.ts';

/** Stands in the generated worker for the precache list, which changes with every build. */
const SENTINEL_URL = '__SSG_PRECACHE_MANIFEST__';
const SENTINEL = `{url:"${SENTINEL_URL}",revision:null}`;

/** The worker's configuration, minus the precache list (ours) and file paths. */
export function serviceWorkerConfig(
  brand: string,
  rules: readonly RuntimeCachingRule[],
): Omit<GenerateSWOptions, 'swDest' | 'globDirectory'> {
  return {
    globPatterns: [],
    additionalManifestEntries: [{ url: SENTINEL_URL, revision: null }],
    cacheId: `ssg-${brand}`,
    mode: 'production',
    sourcemap: false,
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    // The page open at the first visit is controlled once the worker activates. No skipWaiting:
    // a worker of a newer build waits until the old build's tabs close, so a tab offline always
    // gets HTML, data and chunks of one build.
    clientsClaim: true,
    // Pages are served from /about/, but the HTML file is about/index.html.
    directoryIndex: 'index.html',
    // No navigateFallback: on a multi-page site it would answer unknown URLs with a page and 200.
    // Navigations and page-data/app-data/slice-data are network-first in our prelude
    // (sw-runtime.ts), with this build's precached copies as the offline answer.
    // The site's own rules (config `serviceWorker.runtimeCaching`): a path prefix of its URLs.
    runtimeCaching: rules.map((rule) => ({
      urlPattern: new RegExp(`^https?://[^/]+${escapeRegExp(rule.urlPrefix)}`),
      handler: rule.strategy,
      options: {
        cacheName: rule.cacheName,
        ...(rule.maxEntries || rule.maxAgeSeconds
          ? {
              expiration: {
                ...(rule.maxEntries ? { maxEntries: rule.maxEntries } : {}),
                ...(rule.maxAgeSeconds ? { maxAgeSeconds: rule.maxAgeSeconds } : {}),
              },
            }
          : {}),
      },
    })),
  };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

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
  /** The site's folder: the worker's template is kept in its node_modules/.ssg/sw. */
  root: string;
  stagingDir: string;
  loaded: LoadedSite;
  brand: string;
  serviceWorker: boolean;
  runtimeCaching: RuntimeCachingRule[];
  compilationHash: string;
  csp?: CspSettings;
  /** Emit's precache revisions (output-relative path → MD5). */
  precache: ReadonlyMap<string, string>;
  /** The client bundle's files, output-relative. */
  clientFiles: readonly string[];
}

/**
 * Stage "service-worker": a workbox worker. Its code depends only on the configuration, so it is
 * made once per configuration and kept in node_modules/.ssg; each build puts its own precache
 * list (revisions from emit) in place of the sentinel entry and its own prelude (build hash,
 * network-first navigations and data, offline page) before it.
 * With `serviceWorker: false` it writes a worker that unregisters itself instead. Returns the
 * output-relative names it wrote.
 */
export async function generateServiceWorker(ctx: ServiceWorkerInput): Promise<string[]> {
  const compilationHash = ctx.compilationHash;
  const swFile = path.join(ctx.stagingDir, 'sw.js');
  if (!ctx.serviceWorker) {
    await writeFile(swFile, selfUnregisteringWorker({ compilationHash }));
    return ['sw.js'];
  }
  const offlineHtml = offlinePageOf(ctx.loaded.site, ctx.csp);
  await writeFile(path.join(ctx.stagingDir, OFFLINE_PAGE), offlineHtml);
  const config = serviceWorkerConfig(ctx.brand, ctx.runtimeCaching);
  const template = await workerTemplate(ctx.root, config);
  const revisions = new Map(ctx.precache);
  revisions.set(OFFLINE_PAGE.replace(/^\//, ''), md5(offlineHtml));
  const manifest = precacheManifest(revisions, ctx.clientFiles);
  const sentinel = template.indexOf(SENTINEL);
  const code =
    template.slice(0, sentinel) +
    manifest.map((e) => JSON.stringify(e)).join(',') +
    template.slice(sentinel + SENTINEL.length);
  const prelude = serviceWorkerPrelude({
    compilationHash,
    offlinePage: OFFLINE_PAGE,
    entries: manifest,
  });
  await writeFile(swFile, `// build ${compilationHash}\n${prelude}${code}`);
  return ['sw.js', OFFLINE_PAGE];
}

/**
 * The worker's code with the sentinel in place of the precache list, kept per configuration in
 * node_modules/.ssg/sw. Workbox's own template (the source generateSW would bundle) is filled in
 * and bundled with esbuild: ~0.1 s, where generateSW's rollup, Babel and terser took 1.6-2.3 s
 * and importing workbox-build alone ~1 s and ~70 MB.
 */
async function workerTemplate(
  siteDir: string,
  config: ReturnType<typeof serviceWorkerConfig>,
): Promise<string> {
  const require = createRequire(import.meta.url);
  const workboxDir = path.dirname(require.resolve('workbox-build/package.json'));
  const esbuild = await import('esbuild');
  const { version } = JSON.parse(await readFile(path.join(workboxDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const key = createHash('sha256')
    .update(`workbox ${version} esbuild ${esbuild.version}`)
    .update(
      JSON.stringify(config, (_k, v: unknown) =>
        typeof v === 'function' || v instanceof RegExp ? v.toString() : v,
      ),
    )
    .digest('hex')
    .slice(0, 16);
  const cached = path.join(siteDir, 'node_modules/.ssg/sw', key, 'sw.js');
  if (existsSync(cached)) return readFile(cached, 'utf8');

  // Not part of workbox-build's API, but the module generateSW itself uses; its version is pinned.
  const { populateSWTemplate } = require(
    path.join(workboxDir, 'build/lib/populate-sw-template.js'),
  ) as {
    populateSWTemplate(options: GenerateSWOptions & { manifestEntries: unknown[] }): string;
  };
  const source = populateSWTemplate({
    ...config,
    swDest: 'sw.js',
    globDirectory: '.',
    manifestEntries: config.additionalManifestEntries ?? [],
  });
  const result = await esbuild.build({
    // the template imports the workbox runtime packages, which resolve beside workbox-build
    stdin: { contents: source, resolveDir: workboxDir, sourcefile: 'sw-template.js', loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    // workbox-build's own default targets are Chrome 56 and later
    target: 'es2017',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
  });
  const generated = result.outputFiles[0]?.text ?? '';
  if (!generated.includes(SENTINEL)) {
    throw new Error(
      'The service worker template lost its precache sentinel; workbox or esbuild changed their output.',
    );
  }
  // Written beside, then renamed into place: a build running at the same time never reads half a file.
  const scratch = `${path.dirname(cached)}.tmp-${process.pid}`;
  await mkdir(scratch, { recursive: true });
  await writeFile(path.join(scratch, 'sw.js'), generated);
  await rm(path.dirname(cached), { recursive: true, force: true });
  await rename(scratch, path.dirname(cached)).catch(async () => {
    // Another build made the same template at the same time: theirs is as good as ours.
    await rm(scratch, { recursive: true, force: true });
  });
  return generated;
}
