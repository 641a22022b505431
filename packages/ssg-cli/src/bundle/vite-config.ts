/**
 * The one Vite configuration of a site: the client build, the server render's build and
 * `ssg dev` all start from it, so they accept the same code (asset imports, CSS,
 * `import.meta.env`, `import.meta.glob`, the site's own plugins from `vite` in its config).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { InlineConfig, Logger, Plugin } from 'vite';
import { SsgError } from '../errors.ts';
import { IMAGE_DEFAULT_CSS } from '../image/default-css.ts';
import { importedImagesPlugin } from '../image/vite-plugin.ts';
import { moduleInputsPlugin } from './module-inputs.ts';
import { staticPartsPlugin } from './static-parts.ts';

export const ASSETS_DIR = '_ssg';
export const CLIENT_ENTRY_ID = 'virtual:ssg-client-entry';
export const SERVER_ENTRY_ID = 'virtual:ssg-server-entry';
/** The framework's own CSS (image/default-css.ts), first in the site's stylesheet. */
export const DEFAULT_CSS_ID = 'virtual:ssg-defaults.css';

/** The two modules of a site, absolute, and the package that holds them. */
export interface SiteFiles {
  /** Build time (`export default defineSite(...)`). */
  site: string;
  /** Browser and server render (`export default defineBrowser(...)`). */
  browser: string;
  /**
   * The nearest folder with a package.json at or above the code: Vite's root, and where the
   * server bundle is kept (its node_modules), so the bundle's imports resolve as the code's do.
   */
  packageDir: string;
}

/** The nearest package folder from `dir` up to `root` (the config's folder); `root` when none. */
function packageDirOf(dir: string, root: string): string {
  for (let d = dir; d.startsWith(root); d = path.dirname(d)) {
    if (existsSync(path.join(d, 'package.json'))) return d;
    if (d === root || path.dirname(d) === d) break;
  }
  return root;
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'];

/** `site.ts` and `browser.ts` (or .tsx/.js…) of the site's source folder, below the site's `root`. */
export function siteFilesOf(srcDir: string, root: string): SiteFiles {
  const find = (name: 'site' | 'browser'): string => {
    const file = EXTENSIONS.map((ext) => path.join(srcDir, name + ext)).find((f) => existsSync(f));
    if (file) return file;
    throw new SsgError('CONFIG', `The source folder ${srcDir} has no ${name}.ts.`, {
      hint:
        name === 'site'
          ? 'A site needs src/site.ts with `export default defineSite({ loadContent, routes, staticQueries })` (from @ssg/cli/site); set `srcDir` in ssg.config.ts if your code is elsewhere.'
          : 'A site needs src/browser.ts with `export default defineBrowser({ components })` (from @ssg/cli/site); set `srcDir` in ssg.config.ts if your code is elsewhere.',
      file: path.join(srcDir, `${name}.ts`),
    });
  };
  return { site: find('site'), browser: find('browser'), packageDir: packageDirOf(srcDir, root) };
}

/** The browser entry: the runtime's client start with the site's browser definition. */
export const clientEntrySource = (files: SiteFiles): string =>
  [
    `import ${JSON.stringify(DEFAULT_CSS_ID)};`,
    "import { startClient } from '@ssg/cli/runtime/client';",
    `import browser from ${JSON.stringify(files.browser)};`,
    'startClient(browser);',
  ].join('\n');

/**
 * The server entry: the site's two modules and the runtime's server renderer, in one module
 * graph with the components, so they share one instance of the runtime.
 */
export const serverEntrySource = (files: SiteFiles): string =>
  [
    `export { default as site } from ${JSON.stringify(files.site)};`,
    `export { default as browser } from ${JSON.stringify(files.browser)};`,
    "export * as render from '@ssg/cli/runtime/server';",
  ].join('\n');

/** Resolves the two generated entries and the framework's CSS. */
export function entriesPlugin(files: SiteFiles): Plugin {
  const sources: Record<string, string> = {
    [`\0${CLIENT_ENTRY_ID}`]: clientEntrySource(files),
    [`\0${SERVER_ENTRY_ID}`]: serverEntrySource(files),
    [`\0${DEFAULT_CSS_ID}`]: IMAGE_DEFAULT_CSS,
  };
  return {
    name: 'ssg-entries',
    resolveId: (id) => {
      const bare = id.replace(/^\//, '');
      return bare === CLIENT_ENTRY_ID || bare === SERVER_ENTRY_ID || bare === DEFAULT_CSS_ID
        ? `\0${bare}`
        : undefined;
    },
    load: (id) => sources[id],
  };
}

/**
 * A Vite logger that keeps warnings (each once) for the build's summary instead of printing
 * them in the middle of the progress lines; errors are thrown by Vite and reported by us.
 */
export function collectingLogger(warnings: string[]): Logger {
  const seen = new Set<string>();
  const warn = (message: string) => {
    const text = message.trim();
    if (seen.has(text)) return;
    seen.add(text);
    warnings.push(text);
  };
  const loggedErrors = new WeakSet<Error>();
  return {
    info: () => {},
    warn,
    warnOnce: warn,
    error: () => {},
    clearScreen: () => {},
    hasErrorLogged: (error) => loggedErrors.has(error as Error),
    hasWarned: false,
  };
}

export interface ViteConfigInput {
  /** The site's folder (its config): `.env` files are read from it. */
  root: string;
  files: SiteFiles;
  mode: 'production' | 'development';
  /** The `vite` field of the site's config, merged over ours. */
  user?: InlineConfig;
  logger?: Logger;
}

/** The shared configuration, with the site's own `vite` field merged over it. */
export async function siteViteConfig(input: ViteConfigInput): Promise<InlineConfig> {
  const [{ mergeConfig }, { default: react }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
  ]);
  const base: InlineConfig = {
    configFile: false,
    root: input.files.packageDir,
    envDir: input.root,
    mode: input.mode,
    base: '/',
    plugins: [
      entriesPlugin(input.files),
      staticPartsPlugin(input.files.packageDir),
      react(),
      importedImagesPlugin(input.root),
    ],
    resolve: { dedupe: ['react', 'react-dom'] },
    build: { assetsDir: ASSETS_DIR },
    ...(input.logger ? { customLogger: input.logger, logLevel: 'warn' as const } : {}),
  };
  return input.user ? mergeConfig(base, input.user) : base;
}

/** A production build of the site's code: what Vite returned, every file it read, its warnings. */
export async function viteBuildOfSite(
  input: Omit<ViteConfigInput, 'mode' | 'logger'>,
  build: InlineConfig,
): Promise<{
  result: Awaited<ReturnType<typeof import('vite').build>>;
  inputs: string[];
  warnings: string[];
}> {
  const { build: viteBuild, mergeConfig } = await import('vite');
  const warnings: string[] = [];
  let inputs: string[] = [];
  const shared = await siteViteConfig({
    ...input,
    mode: 'production',
    logger: collectingLogger(warnings),
  });
  const config = mergeConfig(shared, {
    ...build,
    plugins: [...(build.plugins ?? []), moduleInputsPlugin((ids) => (inputs = ids))],
  });
  const result = await viteBuild(config);
  return { result, inputs, warnings };
}
