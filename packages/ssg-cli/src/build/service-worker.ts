import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GenerateSWOptions } from 'workbox-build';
import { OFFLINE_PAGE } from '../host/rules.ts';
import type { BuildContext } from './context.ts';
import { DEFAULT_OFFLINE, offlinePageHtml } from './offline-page.ts';
import { type PrecacheEntry, selfUnregisteringWorker, serviceWorkerPrelude } from './sw-runtime.ts';

/** Stands in the generated worker for the precache list, which changes with every build. */
const SENTINEL_URL = '__SSG_PRECACHE_MANIFEST__';
const SENTINEL = `{url:"${SENTINEL_URL}",revision:null}`;

/** The worker's configuration, minus the precache list (ours) and file paths. */
export function serviceWorkerConfig(
  brand: string,
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
    // Pages are served from /servicos/, but the HTML file is servicos/index.html.
    directoryIndex: 'index.html',
    // No navigateFallback: on a multi-page site it would answer unknown URLs with a page and 200.
    // Navigations and page-data/app-data/slice-data are network-first in our prelude
    // (sw-runtime.ts), with this build's precached copies as the offline answer.
    runtimeCaching: [
      {
        urlPattern: ({ url }) =>
          url.pathname.startsWith('/images/') || url.pathname.startsWith('/fonts/'),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'ssg-static' },
      },
    ],
  };
}

const md5 = async (file: string): Promise<string> =>
  createHash('md5')
    .update(await readFile(file))
    .digest('hex');

/**
 * What the worker precaches: every HTML file (pages, 404, 500, the offline page), the data files
 * (page-data, app-data, static queries, slice data) and this build's hashed JS and CSS.
 * Revisions are the MD5 of the contents, as workbox makes them; chunk names carry their hash.
 */
export async function precacheManifest(
  dir: string,
  chunks: readonly string[],
): Promise<PrecacheEntry[]> {
  const entries: PrecacheEntry[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const item of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const file = path.posix.join(rel, item.name);
      if (item.isDirectory()) {
        if (!file.startsWith('_ssg')) await walk(file);
      } else if (
        file.endsWith('.html') ||
        (/^(page-data|slice-data)\//.test(file) && file.endsWith('.json'))
      ) {
        entries.push({ url: file, revision: await md5(path.join(dir, file)) });
      }
    }
  };
  await walk('');
  for (const chunk of chunks) {
    if (/\.(js|css)$/.test(chunk)) entries.push({ url: chunk.replace(/^\//, ''), revision: null });
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/**
 * Stage "service-worker": workbox-build's generateSW makes the worker. Its code depends only on
 * the configuration, so it is generated once per configuration and kept in node_modules/.ssg;
 * each build puts its own precache list in place of the sentinel entry and its own prelude
 * (build hash, network-first navigations and data, offline page) before it.
 * With `serviceWorker: false` it writes a worker that unregisters itself instead.
 */
export async function generateServiceWorker(ctx: BuildContext): Promise<void> {
  const compilationHash = ctx.compilationHash!;
  const swFile = path.join(ctx.stagingDir, 'sw.js');
  if (!ctx.serviceWorker) {
    await writeFile(swFile, selfUnregisteringWorker({ compilationHash }));
    return;
  }
  // the default text is English: then the page says so, whatever the site's language
  const { offline, lang } = ctx.loaded.site;
  await writeFile(
    path.join(ctx.stagingDir, OFFLINE_PAGE),
    offlinePageHtml(
      offline ? { lang: lang ?? 'en', ...offline } : { lang: 'en', ...DEFAULT_OFFLINE },
    ),
  );
  const config = serviceWorkerConfig(ctx.brand);
  const template = await workerTemplate(ctx.siteDir, config);
  const manifest = await precacheManifest(ctx.stagingDir, ctx.client!.files);
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
}

async function workerTemplate(
  siteDir: string,
  config: ReturnType<typeof serviceWorkerConfig>,
): Promise<string> {
  const { version } = JSON.parse(
    await readFile(new URL(import.meta.resolve('workbox-build/package.json')), 'utf8'),
  ) as { version: string };
  const key = createHash('sha256')
    .update(version)
    .update(
      JSON.stringify(config, (_k, v: unknown) => (typeof v === 'function' ? v.toString() : v)),
    )
    .digest('hex')
    .slice(0, 16);
  const cached = path.join(siteDir, 'node_modules/.ssg/sw', key, 'sw.js');
  if (!existsSync(cached)) {
    const { generateSW } = await import('workbox-build');
    const scratch = `${path.dirname(cached)}.tmp-${process.pid}`;
    await mkdir(scratch, { recursive: true });
    await generateSW({ ...config, swDest: path.join(scratch, 'sw.js'), globDirectory: scratch });
    const generated = await readFile(path.join(scratch, 'sw.js'), 'utf8');
    if (!generated.includes(SENTINEL)) {
      throw new Error(
        'workbox-build wrote a worker without the precache sentinel; its output format changed.',
      );
    }
    await rm(path.dirname(cached), { recursive: true, force: true });
    await rename(scratch, path.dirname(cached)).catch(async () => {
      // Another build made the same template at the same time: theirs is as good as ours.
      await rm(scratch, { recursive: true, force: true });
    });
  }
  return readFile(cached, 'utf8');
}
