import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { clientEntryPlugin, ENTRY_ID } from '../build/bundle-client.ts';
import { resolveConfig } from '../build/config.ts';
import { loadContent } from '../build/content.ts';
import type { BuildContext, LoadedSite } from '../build/context.ts';
import { outputFiles } from '../build/emit.ts';
import { renderPages } from '../build/render.ts';
import { collectRoutes } from '../build/routes.ts';
import { formatError } from '../errors.ts';
import { escapeHtml } from '../runtime/escape.ts';
import { contentTypeOf } from '../serve/content-types.ts';

export interface DevOptions {
  root?: string;
  siteDir?: string;
  contentDir?: string;
  brand?: string;
  port?: number;
  host?: string;
}

const runtimeServer = fileURLToPath(new URL('../runtime/server.tsx', import.meta.url));

/**
 * `ssg dev`: Vite serves the browser code with hot module replacement; pages and their JSON are
 * rendered on request from the current code and content; a content change reloads the page.
 */
export async function dev(
  options: DevOptions = {},
): Promise<{ url: string; close(): Promise<void> }> {
  // Before anything reads it: the build sets production when unset, which would turn off fast refresh.
  process.env.NODE_ENV ??= 'development';
  const base = await resolveConfig({
    root: options.root,
    siteDir: options.siteDir,
    contentDir: options.contentDir,
    brand: options.brand,
  });
  const vite = await createViteServer({
    configFile: false,
    root: base.siteDir,
    appType: 'custom',
    logLevel: 'warn',
    plugins: [clientEntryPlugin(base.siteDir), react()],
    resolve: { dedupe: ['react', 'react-dom'] },
    server: { middlewareMode: true },
  });
  let files: Promise<Map<string, string | Uint8Array>> | null = null;
  const invalidate = () => {
    files = null;
  };
  vite.watcher.add(base.contentDir);
  vite.watcher.on('all', (_event, file) => {
    invalidate();
    if (file.startsWith(base.contentDir + path.sep)) vite.ws.send({ type: 'full-reload' });
  });

  const render = async (): Promise<Map<string, string | Uint8Array>> => {
    const loaded = await loadThroughVite(vite, base.siteDir);
    const ctx: BuildContext = { ...base, loaded, warnings: [] };
    await loadContent(ctx);
    collectRoutes(ctx);
    ctx.client = {
      entry: `/@id/${ENTRY_ID}`,
      entryChunks: { js: [] },
      styles: '', // Vite injects each module's CSS itself
      components: {},
      files: [],
    };
    await renderPages(ctx);
    return outputFiles(ctx);
  };

  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    vite.middlewares(req, res, () => void answer(req, res));
  });
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      files ??= render();
      const all = await files;
      const key = lookup(all, url.pathname);
      const body = key ? all.get(key)! : all.get('/404.html');
      const type = key ? contentTypeOf(key) : 'text/html; charset=utf-8';
      const html = type.startsWith('text/html')
        ? await vite.transformIndexHtml(url.pathname, String(body))
        : body;
      res
        .writeHead(key ? 200 : 404, { 'content-type': type, 'cache-control': 'no-store' })
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
  const port = options.port ?? 5173;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actual}/`,
    close: async () => {
      await vite.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `/servicos/` and `/servicos` both find `/servicos/index.html`; `/` finds `/index.html`. */
function lookup(files: Map<string, unknown>, pathname: string): string | undefined {
  const candidates = [pathname, `${pathname.replace(/\/$/, '')}/index.html`, `${pathname}.html`];
  return candidates.find((c) => files.has(c));
}

/** The site and the renderer through Vite's module graph, so code edits are picked up. */
async function loadThroughVite(vite: ViteDevServer, siteDir: string): Promise<LoadedSite> {
  const site = await vite.ssrLoadModule(path.join(siteDir, 'src/site.ts'));
  const browser = await vite.ssrLoadModule(path.join(siteDir, 'src/browser.ts'));
  const render = await vite.ssrLoadModule(runtimeServer);
  return {
    site: site.default,
    browser: browser.default,
    render: render as LoadedSite['render'],
    componentFiles: {},
    codeHash: 'dev',
  };
}
