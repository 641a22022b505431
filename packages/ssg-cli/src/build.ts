/**
 * `build()`: config → content → routes → bundle → render → emit → service worker, each stage a
 * function that takes what it needs and returns what it made. The stages write into a staging
 * folder beside the output, which replaces the output only when every stage succeeded.
 * Render → emit is a stream: render puts each page's body in the cache's body store on disk as it
 * comes and returns pages that read it back; emit makes each page's JSON and document when it
 * hashes and when it writes them, so memory holds the route list, not the pages (architecture.md).
 */

import { type Bundler, bundleOrReuse, startBundler } from './bundle/index.ts';
import { resolveConfig } from './config/resolve-config.ts';
import { loadContent } from './content/load-content.ts';
import { resolveSecurity } from './content/security.ts';
import { emit } from './emit/emit.ts';
import { foldersAhead } from './emit/output.ts';
import { imageServiceOf } from './image/build-hooks.ts';
import { openIncremental } from './incremental/index.ts';
import { removal } from './output/leftovers.ts';
import {
  claimOutput,
  cleanUpAfterFailure,
  type InFlight,
  type OutputHandling,
  placeOutput,
} from './output/output-folder.ts';
import { openWriter } from './output/writer.ts';
import { renderPages } from './render/render-pages.ts';
import { collectRoutes } from './routes/collect-routes.ts';
import { generateServiceWorker } from './service-worker/generate-service-worker.ts';
import { stageTimer } from './stage-timer.ts';
import type { BuildSwitches } from './switches.ts';
import type { BuildOptions, BuildResult } from './types.ts';

/** Builds a site; once its promise settles, nothing of the build runs any more. */
export const build = (options: BuildOptions = {}): Promise<BuildResult> => buildWith(options, {});

/** build() with the switches the CLI and the tests set (switches.ts). */
export async function buildWith(
  options: BuildOptions,
  switches: BuildSwitches,
): Promise<BuildResult> {
  // Vite's process starts with the first bundle job, or when stage "config" finds none to reuse
  const bundler = startBundler({ inChild: switches.bundleProcess });
  const output: OutputHandling = {
    removal: removal(switches.removeInBackground ?? false),
    fault: switches.fault,
  };
  try {
    return await runStages(options, switches, bundler, output);
  } finally {
    // the one owner of Vite's process: stopped whatever path the build took (stage "bundle"
    // stops it as soon as it is done; stopping again is a no-op)
    await bundler.stop();
    await output.removal.settled();
  }
}

async function runStages(
  options: BuildOptions,
  switches: BuildSwitches,
  bundler: Bundler,
  output: OutputHandling,
): Promise<BuildResult> {
  const { reporter } = options;
  const timed = stageTimer(reporter);
  const config = await timed('config', () => resolveConfig(options, bundler));
  const { site } = config;
  const release = await claimOutput(site, output, reporter);
  const run: InFlight = { stagingDir: site.stagingDir, bundler };
  // its encoder process ends with the build, not after its idle time
  const images = imageServiceOf(site);
  try {
    const cache = await openIncremental({ ...site, codeHash: site.loaded.codeHash });
    // Vite bundles (unless the client is unchanged) while content and routes load.
    const bundling = bundleOrReuse({ ...site, ...site.loaded }, bundler, cache);
    Object.assign(run, { cache, bundling: bundling.catch(() => {}) });
    const { content, security } = await timed('content', async () => {
      const { content } = await loadContent(site, images);
      return { content, security: resolveSecurity(site, content, images) };
    });
    const routes = await timed('routes', () => collectRoutes(site, content));
    const writer = openWriter(site.stagingDir, 2 * routes.routes.length, {
      thread: switches.writeThread,
      fault: switches.fault,
    });
    run.writer = writer;
    // Nothing to reuse: every folder will be written; they are made while Vite and render run
    // (a failure shows again when emit writes there).
    if (!cache.hadOutput)
      writer.mkdirs(foldersAhead(site.stagingDir, site.loaded, routes)).catch(() => {});
    const bundled = await timed('bundle', () => bundling);
    const { client } = bundled;
    const made = {
      ...site,
      ...security,
      content,
      images,
      routes,
      client,
      cache: cache.pages,
      reporter,
      renderWorkers: switches.renderWorkers,
      fault: switches.fault,
    };
    const rendered = await timed('render', () => renderPages(made));
    cache.savePagesAhead(); // written while emit waits on the disk
    const emitted = await timed('emit', () => emit(site, { ...made, rendered, writer }, cache));
    await writer.close();
    const { compilationHash, precache, upToDate } = emitted;
    const pagePaths = routes.routes.map((route) => route.path);
    const clientFiles = client.files;
    const worker = { ...site, ...security, compilationHash, precache, pagePaths, clientFiles };
    const sw = await timed('service-worker', () => (upToDate ? [] : generateServiceWorker(worker)));
    await placeOutput(site, emitted, output);
    const warnings = [...config.warnings, ...bundled.warnings, ...emitted.warnings];
    const written = [...emitted.written, ...sw, ...client.files];
    await cache.save({ ...emitted, written }).catch((error: Error) => {
      warnings.push(`The incremental build cache was not saved: ${error.message}`);
    });
    // The server render's and the client's builds see the same code: a warning of both is one.
    const unique = [...new Set(warnings)];
    for (const warning of unique) reporter?.warn(warning);
    const brand = site.loaded.site.brands?.length ? site.brand : '';
    const { bytes } = emitted;
    const result = { outDir: site.outDir, brand, compilationHash, pages: rendered.pages.length };
    const reused = { ...cache.reused(), patched: emitted.patch !== undefined };
    return { ...result, bytes, stages: timed.stages, warnings: unique, reused };
  } catch (error) {
    await cleanUpAfterFailure(run);
    throw error;
  } finally {
    await images.close();
    await release();
  }
}
