// `ssg dev`: Vite serves the browser code; pages are rendered on request by the build's stages.
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
// Vite is imported when the dev server starts: importing the package's API must not load it.
import type { ViteDevServer } from 'vite';
import type { ClientBundle } from '../bundle/client.ts';
import { importViteConfig } from '../bundle/job.ts';
import {
  CLIENT_ENTRY_ID,
  SERVER_ENTRY_ID,
  type SiteFiles,
  siteViteConfig,
} from '../bundle/vite-config.ts';
import { checkDefinitions, resolveSetup, resolveTarget } from '../config/index.ts';
import { loadContent } from '../content/index.ts';
import { outputFiles, proxyLibFiles } from '../emit/index.ts';
import { formatError } from '../errors.ts';
import { devImage, imageServiceOf } from '../image/build-hooks.ts';
import type { ImagePipeline } from '../image/pipeline.ts';
import { htmlForDevServer, renderPages } from '../render/index.ts';
import { collectRoutes } from '../routes/index.ts';
import { contentTypeOf } from '../serve/content-types.ts';
import { listenOnFreePort } from '../serve/listen.ts';
import { isDotPath, realPathInside } from '../serve/published.ts';
import { unregisteringWorker } from '../service-worker/index.ts';
import { escapeHtml } from '../shared/html.ts';
import { type MatchPath, matchedPageFile, matchPathsOf } from '../shared/match-path-list.ts';
import type { SiteDefinition } from '../site/index.ts';
import type { LoadedSite } from '../types.ts';
import { refusesToPublish } from './publish-guard.ts';

/** The site's folders copied as they are into the output (`defineSite({ assets })`). */
type SiteAssets = ReturnType<NonNullable<SiteDefinition<unknown>['assets']>>;

/** What the dev server answers from: the build's files in memory, and the site's asset folders. */
interface DevOutput {
  files: Map<string, string | Uint8Array>;
  assets: SiteAssets;
  /** Image files are made when the browser asks for them. */
  images: ImagePipeline;
  /** Client-only routes: a path they cover answers with its page, as on the hosts. */
  matchPaths: MatchPath[];
  /** Partytown's files by their paths (`/~partytown/partytown.js`), when a page uses `proxied`. */
  proxyLib: Map<string, string>;
  /** Size and mtime of each content file read, checked on every request. */
  stamps: ContentStamps;
}

type ContentStamps = Array<[file: string, stamp: string]>;
const stampOf = (file: string) =>
  stat(file).then(
    (s) => `${s.size}:${s.mtimeMs}`,
    () => 'missing',
  );
const stampsOf = (dir: string, files: readonly string[]): Promise<ContentStamps> =>
  Promise.all(
    files.map(async (f) => {
      const file = path.resolve(dir, f);
      return [file, await stampOf(file)] as [string, string];
    }),
  );
/** Whether a content file changed since it was read: the watcher's event can come late under load. */
async function contentChanged(output: Promise<DevOutput> | null): Promise<boolean> {
  const made = await output?.catch(() => undefined);
  if (!made) return false;
  const now = await Promise.all(made.stamps.map(([file]) => stampOf(file)));
  return made.stamps.some(([, stamp], i) => stamp !== now[i]);
}

export interface DevOptions {
  /** The site's folder (its `ssg.config.*`). Default: the current directory. */
  root?: string;
  contentDir?: string;
  brand?: string;
  /** Default 5173. */
  port?: number;
  /** Default `127.0.0.1`; `true` listens on every address. */
  host?: string | boolean;
  /** Default false: a port in use makes it take the next free one. */
  strictPort?: boolean;
}

/**
 * `ssg dev`: Vite serves the browser code with hot module replacement; pages and their JSON are
 * rendered on request from the current code and content, through the same Vite configuration
 * as `ssg build` (bundle/vite-config.ts); a content change reloads the page.
 */
export async function dev(
  options: DevOptions = {},
): Promise<{ url: string; port: number; requestedPort: number; close(): Promise<void> }> {
  // Before anything reads it: the build sets production when unset, which would turn off fast refresh.
  process.env.NODE_ENV ??= 'development';
  const setup = await resolveSetup({ root: options.root, contentDir: options.contentDir });
  const { createServer: createViteServer, mergeConfig } = await import('vite');
  const userVite = await importViteConfig(setup.configUrl);
  const shared = await siteViteConfig({
    root: setup.root,
    files: setup.files,
    mode: 'development',
    user: userVite,
  });
  // Created before Vite, so HMR's websocket shares its address and port (Vite's own would take
  // port 24678 on every address, and a second `ssg dev` would find it taken).
  const server = createServer((req, res) => {
    let refused: boolean;
    try {
      refused = refusesToPublish(served, req.url ?? '/');
    } catch {
      refused = true; // the disk could not say (EMFILE, EIO): publish nothing
    }
    if (refused) void answer(req, res, true);
    else vite.middlewares(req, res, () => void answer(req, res));
  });
  const vite = await createViteServer(
    mergeConfig(shared, {
      appType: 'custom',
      logLevel: 'warn',
      server: { middlewareMode: true, ws: { server }, fs: { strict: true } },
      // Only the site's own code: the site folder may hold built pages (dist/) to ignore.
      optimizeDeps: { entries: [setup.files.browser] },
    }),
  );
  const served = { root: vite.config.root, publicDir: vite.config.publicDir || false } as const;
  let output: Promise<DevOutput> | null = null;
  const invalidate = () => {
    output = null;
  };
  vite.watcher.add(setup.contentDir);
  vite.watcher.on('all', (_event, file) => {
    invalidate();
    if (file.startsWith(setup.contentDir + path.sep)) vite.ws.send({ type: 'full-reload' });
  });

  // The build's own stages (config, content, routes, render, emit's files), in memory.
  const render = async (): Promise<DevOutput> => {
    const loaded = await loadThroughVite(vite, setup.files);
    const site = { ...setup, ...resolveTarget(setup, loaded.site, options.brand), loaded };
    const { content, images, files } = await loadContent(site, imageServiceOf(site, false));
    const stamps = await stampsOf(setup.contentDir, files);
    const routes = collectRoutes(site, content);
    // No worker in dev: a precache of one moment's files would hide every later edit.
    const made = { ...site, serviceWorker: false, content, routes, client: DEV_CLIENT };
    const rendered = await renderPages(made);
    const proxyLib = proxyLibFiles(rendered.pages, { ...setup.files, root: setup.root });
    return {
      files: outputFiles({ ...made, rendered }),
      assets: loaded.site.assets?.(content) ?? [],
      images,
      matchPaths: matchPathsOf(routes.routes),
      proxyLib: new Map(proxyLib.map(({ from, to }) => [`/${to}`, from])),
      stamps,
    };
  };

  /** A page, its JSON, an image or an asset file; `refused`: the 404 page (a path `ssg serve` would not publish). */
  const answer = async (req: IncomingMessage, res: ServerResponse, refused = false) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === SW_PATH && !refused) {
      // a worker left on this origin by `ssg serve` checks for an update here: it removes itself
      res
        .writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-store',
        })
        .end(unregisteringWorker('dev'));
      return;
    }
    try {
      if (await contentChanged(output)) invalidate();
      output ??= render();
      const { files: all, assets, images, matchPaths, proxyLib } = await output;
      const image = refused ? undefined : await devImage(images, url.pathname);
      if (image) {
        res.writeHead(200, { 'content-type': image.type, 'cache-control': 'no-store' });
        res.end(await readFile(image.file));
        return;
      }
      const key = refused ? undefined : lookup(all, url.pathname);
      // The build copies these folders into the output; here they are read where they are.
      const asset =
        key || refused
          ? undefined
          : (proxyLib.get(url.pathname) ?? (await assetFileOf(assets, url.pathname)));
      if (asset) {
        res
          .writeHead(200, { 'content-type': contentTypeOf(asset), 'cache-control': 'no-store' })
          .end(await readFile(asset));
        return;
      }
      const page = key ?? (refused ? undefined : pageOfMatchPath(matchPaths, url.pathname));
      const body = (page && all.get(page)) ?? all.get('/404.html') ?? '';
      const type = page ? contentTypeOf(page) : 'text/html; charset=utf-8';
      const html = type.startsWith('text/html')
        ? await vite.transformIndexHtml(
            refused ? '/404.html' : url.pathname, // a refused path is not resolved again, even by Vite
            htmlForDevServer(String(body)),
          )
        : body;
      res
        .writeHead(page ? 200 : 404, { 'content-type': type, 'cache-control': 'no-store' })
        .end(html);
    } catch (error) {
      invalidate();
      vite.ssrFixStacktrace(error as Error);
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!DOCTYPE html><title>Build error</title><pre style="white-space:pre-wrap;font:14px monospace;padding:1rem">${escapeHtml(formatError(error))}</pre><script type="module" src="/@vite/client"></script>`,
      );
    }
  };
  const requestedPort = options.port ?? 5173;
  const host =
    options.host === true
      ? '0.0.0.0'
      : typeof options.host === 'string'
        ? options.host
        : '127.0.0.1';
  const port = await listenOnFreePort(server, {
    port: requestedPort,
    host,
    strictPort: options.strictPort ?? false,
  }).catch(async (error: unknown) => {
    await vite.close(); // its watcher would keep the process alive
    throw error;
  });
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`,
    port,
    requestedPort,
    close: async () => {
      await vite.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const SW_PATH = '/sw.js';

/** Vite serves the browser code itself: the pages load its entry, and it injects each module's CSS. */
const DEV_CLIENT: ClientBundle = {
  entry: `/@id/${CLIENT_ENTRY_ID}`,
  entryChunks: { js: [] },
  styles: '',
  components: {},
  files: [],
};

/** `/about/` and `/about` both find `/about/index.html`; `/` finds `/index.html`. */
function lookup(files: Map<string, unknown>, pathname: string): string | undefined {
  const candidates = [pathname, `${pathname.replace(/\/$/, '')}/index.html`, `${pathname}.html`];
  return candidates.find((c) => files.has(c));
}

/** The file at `pathname` in one of the site's asset folders, if there is one (never a dotfile or a link out of it). */
async function assetFileOf(assets: SiteAssets, pathname: string): Promise<string | undefined> {
  let wanted: string;
  try {
    wanted = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (isDotPath(wanted)) return undefined;
  for (const { from, to } of assets) {
    const prefix = path.posix.join('/', to, '/');
    if (!wanted.startsWith(prefix)) continue;
    const folder = await realpath(from).catch(() => undefined);
    if (folder === undefined) continue;
    // Only files whose real path is inside the folder: neither `..` nor a link may reach the rest of the disk.
    const file = realPathInside(
      folder,
      path.join(from, path.posix.join('/', wanted.slice(prefix.length))),
    );
    if (file !== null && (await stat(file).catch(() => undefined))?.isFile()) return file;
  }
  return undefined;
}

/** The site and the renderer through Vite's module graph (the build's server entry), so code edits are picked up. */
async function loadThroughVite(vite: ViteDevServer, files: SiteFiles): Promise<LoadedSite> {
  const entry = await vite.ssrLoadModule(SERVER_ENTRY_ID);
  const { site, browser } = checkDefinitions(entry.site, entry.browser, files);
  return {
    site,
    browser,
    render: entry.render as LoadedSite['render'],
    componentFiles: {},
    codeHash: 'dev',
  };
}

/** The output key of the page a client-only route answers `pathname` with, if any. */
function pageOfMatchPath(matchPaths: MatchPath[], pathname: string): string | undefined {
  const file = matchedPageFile(matchPaths, pathname);
  return file && `/${file}`;
}
