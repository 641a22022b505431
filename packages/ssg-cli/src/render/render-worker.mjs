// A render worker thread: imports the site's server bundle (plain ESM, so no TypeScript loader is
// needed here) and renders the batches of pages the main thread sends, back as strings.
// Protocol (render-workers.ts): workerData { entry, sliceHtml, input };
// in: { id, pages: Array<{ pageData, component }> } | { stop: true };
// out: { ready: true } once loaded, { id, results } or { id, error: { message, stack, path } }.
import { parentPort, workerData } from 'node:worker_threads';

const { entry, sliceHtml: sliceEntries, input } = workerData;
const { render, browser } = await import(entry);
const sliceHtml = new Map(sliceEntries);
const modules = new Map();

parentPort.on('message', async (message) => {
  if (message.stop) {
    parentPort.close();
    return;
  }
  const results = [];
  for (const { pageData, component } of message.pages) {
    try {
      let mod = modules.get(component);
      if (!mod) {
        mod = await browser.components[component]();
        modules.set(component, mod);
      }
      results.push(render.renderPage(pageData, mod, sliceHtml, input, browser.layout));
    } catch (error) {
      const { message: text, stack } = error instanceof Error ? error : new Error(String(error));
      parentPort.postMessage({
        id: message.id,
        error: { message: text, stack, path: pageData.path },
      });
      return;
    }
  }
  parentPort.postMessage({ id: message.id, results });
});
parentPort.postMessage({ ready: true });
