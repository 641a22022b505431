import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GenerateSWOptions } from 'workbox-build';
import type { BuildContext } from './context.ts';
import { ASSETS_DIR } from './bundle-client.ts';

/** Stands in the generated worker for the precache list, which changes with every build. */
const SENTINEL_URL = '__SSG_PRECACHE_MANIFEST__';

/** The worker's configuration, minus the precache list (ours) and file paths. */
export function serviceWorkerConfig(brand: string): Omit<GenerateSWOptions, 'swDest' | 'globDirectory'> {
  return {
    globPatterns: [],
    additionalManifestEntries: [{ url: SENTINEL_URL, revision: null }],
    cacheId: `ssg-${brand}`,
    mode: 'production',
    sourcemap: false,
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    // Pages are served from /servicos/, but the HTML file is servicos/index.html.
    directoryIndex: 'index.html',
    // No navigateFallback: on a multi-page site it would answer unknown URLs with a page and 200.
    runtimeCaching: [
      {
        // page-data and app-data: network first, so a visitor online never sees stale data.
        urlPattern: ({ url }) => url.pathname.startsWith('/page-data/') || url.pathname.startsWith('/slice-data/'),
        handler: 'NetworkFirst',
        options: { cacheName: 'ssg-data', networkTimeoutSeconds: 5 },
      },
      {
        urlPattern: ({ url }) => url.pathname.startsWith('/images/') || url.pathname.startsWith('/fonts/'),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'ssg-static' },
      },
    ],
  };
}

/** What the worker precaches: every page's HTML and the build's JS and CSS. */
export async function precacheManifest(dir: string): Promise<Array<{ url: string; revision: string | null }>> {
  const entries: Array<{ url: string; revision: string | null }> = [];
  const walk = async (rel: string): Promise<void> => {
    for (const item of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const file = path.posix.join(rel, item.name);
      if (item.isDirectory()) await walk(file);
      else if (file.endsWith('.html')) {
        // Same revision scheme as workbox: the MD5 of the contents.
        entries.push({ url: file, revision: createHash('md5').update(await readFile(path.join(dir, file))).digest('hex') });
      } else if (file.startsWith(`${ASSETS_DIR}/`) && /\.(js|css)$/.test(file)) {
        entries.push({ url: file, revision: null }); // the name carries the content hash
      }
    }
  };
  await walk('');
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/**
 * Stage "service-worker": workbox-build's generateSW makes the worker. Its code depends only on
 * the configuration, so it is generated once per configuration and kept in node_modules/.ssg;
 * each build puts its own precache list in place of the sentinel entry.
 */
export async function generateServiceWorker(ctx: BuildContext): Promise<void> {
  const config = serviceWorkerConfig(ctx.brand);
  const template = await workerTemplate(ctx.siteDir, config);
  const manifest = await precacheManifest(ctx.stagingDir);
  const sentinel = template.indexOf(`{url:"${SENTINEL_URL}",revision:null}`);
  const code =
    template.slice(0, sentinel) +
    manifest.map((e) => JSON.stringify(e)).join(',') +
    template.slice(sentinel + `{url:"${SENTINEL_URL}",revision:null}`.length);
  await writeFile(path.join(ctx.stagingDir, 'sw.js'), `// build ${ctx.compilationHash}\n${code}`);
}

async function workerTemplate(siteDir: string, config: ReturnType<typeof serviceWorkerConfig>): Promise<string> {
  const { version } = JSON.parse(await readFile(new URL(import.meta.resolve('workbox-build/package.json')), 'utf8')) as { version: string };
  const key = createHash('sha256')
    .update(version)
    .update(JSON.stringify(config, (_k, v: unknown) => (typeof v === 'function' ? v.toString() : v)))
    .digest('hex')
    .slice(0, 16);
  const cached = path.join(siteDir, 'node_modules/.ssg/sw', key, 'sw.js');
  if (!existsSync(cached)) {
    const { generateSW } = await import('workbox-build');
    const scratch = `${path.dirname(cached)}.tmp-${process.pid}`;
    await mkdir(scratch, { recursive: true });
    await generateSW({ ...config, swDest: path.join(scratch, 'sw.js'), globDirectory: scratch });
    const generated = await readFile(path.join(scratch, 'sw.js'), 'utf8');
    if (!generated.includes(`{url:"${SENTINEL_URL}",revision:null}`)) {
      throw new Error('workbox-build wrote a worker without the precache sentinel; its output format changed.');
    }
    await rm(path.dirname(cached), { recursive: true, force: true });
    await rename(scratch, path.dirname(cached)).catch(async () => {
      // Another build made the same template at the same time: theirs is as good as ours.
      await rm(scratch, { recursive: true, force: true });
    });
  }
  return readFile(cached, 'utf8');
}

