import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';
import { emitHostConfig } from '../host/emit-host.ts';
import { startBundler } from './bundle-process.ts';
import { bundleClientStage } from './bundle-stage.ts';
import { resolveConfig } from './config.ts';
import { loadContent } from './content.ts';
import type { BuildContext, BuildOptions, BuildResult, StageName } from './context.ts';
import { emitFiles, makeFoldersAhead } from './emit.ts';
import {
  discardPagesAhead,
  openIncremental,
  reuseClientBundle,
  saveIncremental,
  savePagesAhead,
} from './incremental.ts';
import { keepRecentChunks } from './keep-builds.ts';
import { lockOutput } from './lock.ts';
import { renderPages } from './render.ts';
import { collectRoutes } from './routes.ts';
import { resolveSecurity } from './security.ts';
import { generateServiceWorker } from './service-worker.ts';
import { discardStaging, removeLeftovers, swapIntoPlace } from './swap.ts';

/** Builds running in this process: esbuild's service is stopped only when no other needs it. */
let running = 0;

/**
 * Builds a site: config → content → routes → bundle → render → emit → service worker, into a
 * staging folder beside the output that replaces the output only when every stage succeeded.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  running++;
  try {
    return await runBuild(options);
  } finally {
    running--;
  }
}

async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const stages: Array<{ name: StageName; ms: number }> = [];
  const reporter = options.reporter;
  const timed = async <T>(name: StageName, run: () => Promise<T> | T): Promise<T> => {
    reporter?.stageStart(name);
    const start = performance.now();
    let value: T;
    try {
      value = await run();
    } catch (error) {
      reporter?.stageFail?.(name);
      throw error;
    }
    const ms = performance.now() - start;
    stages.push({ name, ms });
    reporter?.stageEnd(name, ms);
    return value;
  };

  // Vite's process starts first: it loads while this one reads the config file.
  const bundler = startBundler();
  let ctx: BuildContext;
  try {
    ctx = await timed('config', () => resolveConfig(options, bundler));
  } catch (error) {
    await bundler.stop();
    throw error;
  }
  // esbuild's service process (~20 MB) is not needed again unless the worker template is not
  // cached (it then starts again); while Vite runs it would add to the peak memory.
  if (running === 1) void esbuild.stop();
  let bundling: Promise<void> | undefined;
  let pagesAhead: Promise<string | undefined> | undefined;
  let unlock: (() => Promise<void>) | undefined;
  try {
    unlock = await lockOutput(ctx.outDir, (holder) =>
      reporter?.note?.(
        `Waiting for the build of process ${holder} into ${ctx.outDir} to finish: one build at a time writes an output folder.`,
      ),
    );
    await discardStaging(ctx.stagingDir);
    // before anything reads the output: a build killed mid-swap left its new output aside
    await removeLeftovers(ctx.outDir);
    // What earlier builds into this output folder left: unchanged pages and client are reused.
    ctx.incremental = await openIncremental(ctx);
    // The client depends only on the site's code: unless it is unchanged, Vite gets its job now
    // and bundles while content and routes load; stage "bundle" is the wait for it.
    const reused = await reuseClientBundle(ctx);
    // not awaited: it only has to go, and it writes nothing once it has no job
    if (reused) void bundler.stop();
    else bundling = bundleClientStage(ctx, bundler);
    bundling?.catch(() => {}); // awaited below, or by the clean-up after a failure
    await timed('content', async () => {
      await loadContent(ctx);
      resolveSecurity(ctx);
    });
    await timed('routes', () => collectRoutes(ctx));
    // Nothing to reuse (no previous output): every folder will be written, so they are made
    // now, while Vite bundles and the pages render.
    if (!ctx.incremental.saved.last || !existsSync(ctx.outDir)) ctx.folders = makeFoldersAhead(ctx);
    await timed('bundle', () => bundling);
    await timed('render', () => renderPages(ctx));
    // The pages of the incremental cache are written while emit waits on the disk.
    pagesAhead = savePagesAhead(ctx);
    pagesAhead.catch(() => {}); // awaited by saveIncremental, or by the clean-up after a failure
    // The host config and the previous builds' chunks are output too: timed with "emit".
    await timed('emit', async () => {
      await emitFiles(ctx);
      if (ctx.incremental?.upToDate) return;
      await emitHostConfig(ctx);
      await keepRecentChunks(ctx);
    });
    if (ctx.incremental.upToDate) {
      // The output folder already holds exactly this build: it is left as it is.
      await timed('service-worker', () => {});
      await discardStaging(ctx.stagingDir);
    } else {
      await timed('service-worker', () => generateServiceWorker(ctx));
      await swapIntoPlace(ctx.stagingDir, ctx.outDir);
    }
    await saveIncremental(ctx, pagesAhead).catch((error: Error) => {
      ctx.warnings.push(`The incremental build cache was not saved: ${error.message}`);
    });
  } catch (error) {
    // nothing may land in the staging folder once it is gone: Vite's process and the folders
    await bundler.stop();
    await bundling?.catch(() => {});
    ctx.folders?.stop();
    await ctx.folders?.done.catch(() => {});
    await discardPagesAhead(pagesAhead);
    await discardStaging(ctx.stagingDir);
    throw error;
  } finally {
    await unlock?.();
  }
  // The server render's and the client's builds see the same code: a warning of both is one.
  const warnings = [...new Set(ctx.warnings)];
  for (const warning of warnings) reporter?.warn(warning);
  return {
    outDir: ctx.outDir,
    brand: ctx.loaded.site.brands?.length ? ctx.brand : '',
    compilationHash: ctx.compilationHash!,
    pages: ctx.pages!.length,
    bytes: ctx.bytes!,
    stages,
    warnings,
    reused: {
      pages: ctx.incremental.reusedPages,
      client: ctx.incremental.reusedClient,
      output: ctx.incremental.upToDate,
    },
  };
}
