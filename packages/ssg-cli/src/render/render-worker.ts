// A render worker thread: imports the site's server bundle and renders the batches of pages the
// main thread sends, back as strings (render-workers.ts; messages in render-protocol.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { ServerRenderer } from '../shared/server-render.ts';
import type { BrowserDefinition } from '../site/index.ts';
import type { RenderReply, RenderRequest, RenderWorkerData } from './render-protocol.ts';

const { entry, sliceHtml: sliceEntries, input } = workerData as RenderWorkerData;
const { render, browser } = (await import(entry)) as {
  render: ServerRenderer;
  browser: BrowserDefinition;
};
const sliceHtml = new Map(sliceEntries);
const modules = new Map<string, unknown>();
const port = parentPort;
const reply = (message: RenderReply) => port?.postMessage(message);

port?.on('message', async ({ id, pages }: RenderRequest) => {
  const results = [];
  for (const { pageData, component } of pages) {
    try {
      let mod = modules.get(component);
      if (!mod) {
        const load = browser.components[component];
        if (!load) throw new Error(`The browser definition has no component "${component}".`);
        mod = await load();
        modules.set(component, mod);
      }
      results.push(render.renderPage(pageData, mod, sliceHtml, input, browser.layout));
    } catch (error) {
      const { message, stack } = error instanceof Error ? error : new Error(String(error));
      return reply({ id, error: { message, stack, path: pageData.path } });
    }
  }
  reply({ id, results });
});
reply({ ready: true });
