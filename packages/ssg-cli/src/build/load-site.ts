import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { SsgError } from '../errors.ts';
import type { BrowserDefinition, SiteDefinition } from '../site/index.ts';
import type { LoadedSite } from './context.ts';

const runtimeServer = fileURLToPath(new URL('../runtime/server.tsx', import.meta.url));

/**
 * Bundles the site's `site.ts`, `browser.ts` and the runtime's server renderer into one ESM
 * bundle with esbuild, so components and renderer share one runtime instance, then imports it.
 * Packages from node_modules stay external; workspace sources (`@ssg/*`) are bundled.
 * Page components are split into their own files so each component name maps to its source.
 */
export async function loadSite(siteDir: string): Promise<LoadedSite> {
  const siteFile = path.join(siteDir, 'src/site.ts');
  const browserFile = path.join(siteDir, 'src/browser.ts');
  for (const file of [siteFile, browserFile]) {
    if (!existsSync(file)) {
      throw new SsgError(
        'CONFIG',
        `The site folder ${siteDir} has no ${path.relative(siteDir, file)}.`,
        {
          hint: 'A site folder needs src/site.ts (export default defineSite(...)) and src/browser.ts (export default defineBrowser(...)). Pass another one with --site DIR.',
          file,
        },
      );
    }
  }
  const outBase = path.join(siteDir, 'node_modules/.ssg/server');
  const entry = [
    `export { default as site } from ${JSON.stringify(siteFile)};`,
    `export { default as browser } from ${JSON.stringify(browserFile)};`,
    `export * as render from ${JSON.stringify(runtimeServer)};`,
  ].join('\n');
  let result: esbuild.BuildResult<{ metafile: true; write: false }>;
  try {
    result = await esbuild.build({
      stdin: {
        contents: entry,
        resolveDir: siteDir,
        sourcefile: 'ssg-server-entry.ts',
        loader: 'ts',
      },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outdir: outBase,
      absWorkingDir: siteDir,
      entryNames: 'entry-[hash]',
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunk-[hash]',
      write: false,
      metafile: true,
      jsx: 'automatic',
      logLevel: 'silent',
      loader: { '.css': 'empty' },
      define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.SSR': 'true' },
      plugins: [externalPackages],
    });
  } catch (error) {
    const failure = error as esbuild.BuildFailure;
    const first = failure.errors?.[0];
    const where = first?.location
      ? `${first.location.file}:${first.location.line}:${first.location.column}`
      : siteDir;
    throw new SsgError(
      'BUNDLE_FAILED',
      `The site's code does not compile: ${where}: ${first?.text ?? String(error)}.`,
      {
        hint: 'Fix the code at that place; the previous output was left untouched.',
        file: first?.location?.file,
        cause: error,
      },
    );
  }
  const codeHash = createHash('sha256');
  for (const file of [...result.outputFiles].sort((a, b) => a.path.localeCompare(b.path))) {
    codeHash.update(file.path.slice(outBase.length)).update(file.contents);
  }
  const digest = codeHash.digest('hex').slice(0, 16);
  const outDir = path.join(outBase, digest);
  // Written beside, then renamed into place: a build running at the same time never sees a
  // half-written bundle, and the same digest means the same files, so either copy will do.
  if (!existsSync(outDir)) {
    const scratch = `${outDir}.tmp-${process.pid}-${Date.now()}`;
    await mkdir(scratch, { recursive: true });
    for (const file of result.outputFiles) {
      await writeFile(path.join(scratch, path.relative(outBase, file.path)), file.contents);
    }
    await rename(scratch, outDir).catch(() => rm(scratch, { recursive: true, force: true }));
  }
  // In use now: the clean-up of old bundles (by age) must not take it from under this build.
  const now = new Date();
  await utimes(outDir, now, now);
  let entryFile = '';
  const chunkSources = new Map<string, string>();
  for (const file of result.outputFiles) {
    const target = path.join(outDir, path.relative(outBase, file.path));
    const meta = result.metafile.outputs[path.relative(siteDir, file.path)];
    if (path.basename(file.path).startsWith('entry-')) entryFile = target;
    else if (meta?.entryPoint) chunkSources.set(target, path.resolve(siteDir, meta.entryPoint));
  }
  // React stays external and picks its build from NODE_ENV when first imported: unset, that is
  // the development build, whose renderToString is ~2.5x slower (same HTML). Render workers inherit it.
  process.env.NODE_ENV ??= 'production';
  const mod = (await import(pathToFileURL(entryFile).href)) as {
    site: SiteDefinition<unknown>;
    browser: BrowserDefinition;
    render: LoadedSite['render'];
  };
  checkDefinitions(mod.site, mod.browser, siteDir);
  const componentFiles = await mapComponentsToSources(mod.browser, chunkSources);
  void cleanOldBundles(outBase, digest);
  return {
    site: mod.site,
    browser: mod.browser,
    render: mod.render,
    componentFiles,
    codeHash: digest,
    serverEntry: pathToFileURL(entryFile).href,
  };
}

/** Keeps bare imports external (Node resolves them from the site's node_modules), except `@ssg/*` sources. */
const externalPackages: esbuild.Plugin = {
  name: 'ssg-external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]|^\.[^./]|^\.\.[^/]/ }, (args) => {
      if (args.path.startsWith('@ssg/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

function checkDefinitions(site: unknown, browser: unknown, siteDir: string): void {
  const s = site as Partial<SiteDefinition<unknown>> | undefined;
  if (!s || typeof s.loadContent !== 'function' || typeof s.routes !== 'function') {
    throw new SsgError(
      'CONFIG',
      `${path.join(siteDir, 'src/site.ts')} does not export a site definition.`,
      {
        hint: 'Write `export default defineSite({ brands, loadContent, routes, staticQueries })` with defineSite from @ssg/cli/site.',
      },
    );
  }
  const b = browser as Partial<BrowserDefinition> | undefined;
  if (!b || typeof b.components !== 'object' || b.components === null) {
    throw new SsgError(
      'CONFIG',
      `${path.join(siteDir, 'src/browser.ts')} does not export a browser definition.`,
      {
        hint: 'Write `export default defineBrowser({ components: { home: () => import("./pages/home.tsx") } })` with defineBrowser from @ssg/cli/site.',
      },
    );
  }
}

/**
 * Each component name's source file: importing a split chunk directly gives the very module
 * object that the component's `() => import(...)` resolves to, so identity tells which is which.
 */
async function mapComponentsToSources(
  browser: BrowserDefinition,
  chunkSources: Map<string, string>,
): Promise<Record<string, string>> {
  const byModule = new Map<unknown, string>();
  for (const [chunk, source] of chunkSources) {
    byModule.set(await import(pathToFileURL(chunk).href), source);
  }
  const files: Record<string, string> = {};
  for (const [name, load] of Object.entries(browser.components)) {
    const source = byModule.get(await load());
    if (!source) {
      throw new SsgError(
        'CONFIG',
        `The component "${name}" of browser.ts is not a lazy import of a module.`,
        {
          hint: `Write it as ${name}: () => import('./path/to/component.tsx').`,
        },
      );
    }
    files[name] = source;
  }
  return files;
}

/** Server bundles of earlier builds are removed once they are an hour old (a parallel build may still use a newer one). */
async function cleanOldBundles(outBase: string, keep: string): Promise<void> {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(outBase).catch(() => [] as string[])) {
    const dir = path.join(outBase, name);
    const info = await stat(dir).catch(() => null);
    if (name !== keep && info && info.mtimeMs < hourAgo)
      await rm(dir, { recursive: true, force: true });
  }
}
