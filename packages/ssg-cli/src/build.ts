/**
 * `build()`: config → content → routes → bundle → render → emit → service worker, each stage a
 * function that takes what it needs and returns what it made, between two wrappers: the output
 * folder (output/: the lock, the staging folder the stages write into, placing it, the clean-up
 * after a failure) and the incremental cache (incremental/: what each stage may reuse of the last
 * build, saved once the output is placed). Render → emit is a stream: render puts each page's body
 * in the cache's body store on disk as it comes and returns pages that read it back; emit makes
 * each page's JSON and document when it writes them, so memory holds the route list, not the pages
 * (architecture.md).
 */

import { type Bundler, bundleOrReuse, startBundler } from './bundle/index.ts';
import { type ResolvedSite, resolveConfig } from './config/index.ts';
import { loadSiteContent } from './content/index.ts';
import { clientSiblingsAhead, compressedDirOf, emit, writePlanOf } from './emit/index.ts';
import { imageServiceOf } from './image/build-hooks.ts';
import type { ImagePipeline } from './image/pipeline.ts';
import { configReuse, type IncrementalCache, withCache } from './incremental/index.ts';
import { inOutputFolder, type OutputHandling, removal, type Staging } from './output/index.ts';
import { renderPages } from './render/index.ts';
import { collectRoutes } from './routes/index.ts';
import { generateServiceWorker, offlinePageOf } from './service-worker/index.ts';
import { type StageTimer, stageTimer } from './stage-timer.ts';
import type { BuildSwitches } from './switches.ts';
import type { BuildOptions, BuildReporter, BuildResult } from './types.ts';

/** Builds a site; once its promise settles, nothing of the build runs any more. */
export const build = (options: BuildOptions = {}): Promise<BuildResult> => buildWith(options, {});

/** build() with the switches the CLI and the tests set (switches.ts). */
export async function buildWith(
  options: BuildOptions,
  switches: BuildSwitches,
): Promise<BuildResult> {
  // Vite's process starts with the first bundle job, or when stage "config" finds none to reuse
  const bundler = startBundler({ inChild: switches.bundleProcess, forked: switches.bundleChild });
  const handling: OutputHandling = {
    removal: removal(switches.removeInBackground ?? false),
    writeThread: switches.writeThread,
    fault: switches.fault,
  };
  try {
    return await runBuild(options, switches, bundler, handling);
  } finally {
    // the one owner of Vite's process: stopped whatever path the build took (stage "bundle"
    // stops it as soon as it is done; stopping again is a no-op)
    await bundler.stop();
    await handling.removal.settled();
  }
}

async function runBuild(
  options: BuildOptions,
  switches: BuildSwitches,
  bundler: Bundler,
  handling: OutputHandling,
): Promise<BuildResult> {
  const { reporter } = options;
  const timed = stageTimer(reporter);
  const config = await timed('config', () => resolveConfig(options, bundler, configReuse));
  const { site } = config;
  // its encoder process ends with the build, not after its idle time
  const images = imageServiceOf(site);
  const { renderWorkers, fault } = switches;
  const run: Run = { site, timed, bundler, reporter, images, renderWorkers, fault };
  const built = await inOutputFolder(site, { reporter, bundler, handling }, (folder) =>
    withCache({ ...site, codeHash: site.loaded.codeHash }, folder, (cache, staging) =>
      runStages(run, staging, cache),
    ),
  ).finally(() => images.close());
  // The server render's and the client's builds see the same code: a warning of both is one.
  const warnings = [...new Set([...config.warnings, ...built.warnings])];
  for (const warning of warnings) reporter?.warn(warning);
  const brand = site.loaded.site.brands?.length ? site.brand : '';
  const { compilationHash, bytes } = built.finished;
  const result = { outDir: site.outDir, brand, compilationHash, pages: built.pages };
  const reused = { ...built.reused, patched: built.finished.patch !== undefined };
  return { ...result, bytes, stages: timed.stages, warnings, reused };
}

/** What every stage runs with. */
interface Run {
  site: ResolvedSite;
  timed: StageTimer;
  bundler: Bundler;
  reporter: BuildReporter | undefined;
  images: ImagePipeline;
  renderWorkers: BuildSwitches['renderWorkers'];
  fault: BuildSwitches['fault'];
}

/** The stages after "config", writing into the staging folder, which they place at the end. */
async function runStages(
  { site, timed, bundler, reporter, images, renderWorkers, fault }: Run,
  staging: Staging,
  cache: IncrementalCache,
) {
  // Vite bundles (unless the client is unchanged) while content and routes load.
  const bundling = staging.writing(bundleOrReuse({ ...site, ...site.loaded }, bundler, cache));
  const { content, security } = await timed('content', () => loadSiteContent(site, images));
  const routes = await timed('routes', () => collectRoutes(site, content));
  const writer = staging.writer(writePlanOf(staging.dir, site.loaded, routes));
  const bundled = await timed('bundle', () => bundling);
  const { client } = bundled;
  // the chunks' brotli 11 runs on libuv's threads while the pages render; emit waits for it
  const memoDir = compressedDirOf(site.root);
  const clientSiblings = clientSiblingsAhead(site.compress, staging.dir, client.files, memoDir);
  if (clientSiblings) staging.writing(clientSiblings);
  const pages = {
    ...site,
    csp: security.csp,
    siteOrigin: security.siteOrigin,
    content,
    routes,
    client,
    reporter,
    renderWorkers,
    fault,
  };
  const rendered = await timed('render', () => renderPages(pages, cache));
  // made once: emit's host policies hash it, stage "service-worker" writes it
  const offlineHtml = offlinePageOf(site.loaded.site, security.csp);
  const files = { ...security, content, images, routes, client, rendered, writer, reporter };
  const emitted = await timed('emit', () =>
    emit(site, { ...files, offlineHtml, clientSiblings }, cache),
  );
  const { compilationHash, precache, upToDate } = emitted;
  const pagePaths = routes.routes.map((route) => route.path);
  const clientFiles = client.files;
  const worker = {
    ...site,
    ...security,
    compilationHash,
    precache,
    pagePaths,
    clientFiles,
    offlineHtml,
  };
  const sw = await timed('service-worker', () => (upToDate ? [] : generateServiceWorker(worker)));
  await staging.place(emitted);
  const written = [...emitted.written, ...sw, ...client.files];
  const warnings = [...bundled.warnings, ...emitted.warnings];
  return { finished: { ...emitted, written }, warnings, pages: rendered.pages.length };
}
