import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Vite and its React plugin are imported when the client is bundled (~0.5 s, ~100 MB): a build
// whose client is unchanged (incremental.ts) never loads them.
import type { Manifest, Plugin } from 'vite';
import { SsgError } from '../errors.ts';
import type { BuildContext } from './context.ts';
import { clientInputsPlugin } from './incremental.ts';

export const ASSETS_DIR = '_ssg';
const ENTRY_ID = 'virtual:ssg-client-entry';
const clientModule = fileURLToPath(new URL('../runtime/client.tsx', import.meta.url));

/** Files the HTML of a page needs from the client bundle. */
export interface ChunkSet {
  /** Output-relative URLs of JS to `modulepreload` (the chunk and its static imports). */
  js: string[];
}

export interface ClientBundle {
  entry: string;
  /** The entry's own files (runtime, React, loader). */
  entryChunks: ChunkSet;
  /** Per component name (page or slice). */
  components: Record<string, ChunkSet>;
  /**
   * All the site's CSS as one stylesheet, inlined in every page's `<head>`: the first paint waits
   * for no request, and a client navigation never needs a stylesheet it does not have.
   */
  styles: string;
  /** Every file written (JS chunks and the assets they use), output-relative. */
  files: string[];
}

/** The generated browser entry: the runtime's client start with the site's browser definition. */
export function clientEntrySource(siteDir: string): string {
  const browserFile = path.join(siteDir, 'src/browser.ts');
  return [
    `import { startClient } from ${JSON.stringify(clientModule)};`,
    `import browser from ${JSON.stringify(browserFile)};`,
    'startClient(browser);',
  ].join('\n');
}

export function clientEntryPlugin(siteDir: string): Plugin {
  return {
    name: 'ssg-client-entry',
    resolveId: (id) => (id === ENTRY_ID || id === `/${ENTRY_ID}` ? `\0${ENTRY_ID}` : undefined),
    load: (id) => (id === `\0${ENTRY_ID}` ? clientEntrySource(siteDir) : undefined),
  };
}
export { ENTRY_ID };

/** Stage "bundle": Vite builds the browser code into the staging folder, one chunk per component. */
export async function bundleClient(ctx: BuildContext): Promise<void> {
  const [{ build: viteBuild }, { default: react }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
  ]);
  try {
    await viteBuild({
      configFile: false,
      root: ctx.siteDir,
      logLevel: 'silent',
      mode: 'production',
      plugins: [clientEntryPlugin(ctx.siteDir), react(), clientInputsPlugin(ctx.incremental)],
      resolve: { dedupe: ['react', 'react-dom'] },
      build: {
        outDir: ctx.stagingDir,
        emptyOutDir: false,
        assetsDir: ASSETS_DIR,
        manifest: true,
        target: 'es2022',
        modulePreload: { polyfill: false },
        reportCompressedSize: false,
        copyPublicDir: false,
        // One stylesheet for the whole site, inlined in each page (see ClientBundle.styles).
        cssCodeSplit: false,
        rollupOptions: {
          input: ENTRY_ID,
          output: { entryFileNames: `${ASSETS_DIR}/app-[hash].js` },
        },
      },
    });
  } catch (error) {
    throw new SsgError(
      'BUNDLE_FAILED',
      `The browser bundle failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        hint: 'Fix the error in the site code named above; the previous output was left untouched.',
        cause: error,
      },
    );
  }
  const manifestFile = path.join(ctx.stagingDir, '.vite/manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  await rm(path.join(ctx.stagingDir, '.vite'), { recursive: true, force: true });
  const cssFiles = stylesheetsOf(manifest);
  const styles = await Promise.all(
    cssFiles.map((url) => readFile(path.join(ctx.stagingDir, url), 'utf8')),
  );
  // Inlined in every page, so the files themselves are not part of the output.
  await Promise.all(cssFiles.map((url) => rm(path.join(ctx.stagingDir, url))));
  // Vite marks where each module's CSS was merged; the marks mean nothing in the page.
  const css = styles.join('\n').replace(/\/\*\$vite\$:\d+\*\/\n?/g, '');
  ctx.client = readManifest(manifest, ctx.siteDir, ctx.loaded.componentFiles, css.trim());
}

/** Output-relative URLs of the stylesheets Vite wrote, in a stable order. */
export function stylesheetsOf(manifest: Manifest): string[] {
  const css = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.css')) css.add(`/${chunk.file}`);
    for (const file of chunk.css ?? []) css.add(`/${file}`);
  }
  return [...css].sort();
}

/** Turns Vite's manifest into the chunks each component needs, following static imports. */
export function readManifest(
  manifest: Manifest,
  siteDir: string,
  componentFiles: Record<string, string>,
  styles: string,
): ClientBundle {
  const collect = (key: string, into: ChunkSet, seen = new Set<string>()): ChunkSet => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return into;
    seen.add(key);
    into.js.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) collect(imported, into, seen);
    return into;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new SsgError('BUNDLE_FAILED', 'The browser bundle has no entry chunk.');
  const entryChunks = collect(entryKey, { js: [] });
  const components: Record<string, ChunkSet> = {};
  for (const [name, file] of Object.entries(componentFiles)) {
    const key = path.relative(siteDir, file).split(path.sep).join('/');
    const set = collect(key, { js: [] });
    // The entry's own files are already on every page.
    components[name] = { js: set.js.filter((f) => !entryChunks.js.includes(f)) };
  }
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    // Stylesheets are inlined in the pages (`styles`), not written.
    if (!chunk.file.endsWith('.css')) files.add(`/${chunk.file}`);
    for (const asset of chunk.assets ?? []) files.add(`/${asset}`);
  }
  return {
    entry: `/${manifest[entryKey]!.file}`,
    entryChunks,
    components,
    styles,
    files: [...files].sort(),
  };
}
