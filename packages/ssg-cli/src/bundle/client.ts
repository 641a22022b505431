// The client bundle: Vite's browser build, one chunk per component, read from its manifest.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
// Vite is imported when the client is bundled (~0.5 s, ~100 MB): a build whose client is
// unchanged (the incremental cache) never loads it.
import type { InlineConfig, Manifest, Plugin } from 'vite';
import { SsgError } from '../errors.ts';
import { diskError } from '../output/disk-error.ts';
import { entryChunkOf } from './chunking.ts';
import { ownError } from './own-error.ts';
import { slimPreloadHelper } from './preload-helper.ts';
import { ASSETS_DIR, CLIENT_ENTRY_ID, type SiteFiles, viteBuildOfSite } from './vite-config.ts';

export { ASSETS_DIR };

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

export interface ClientBundleInput {
  root: string;
  files: SiteFiles;
  /** The `vite` field of the site's config. */
  vite?: InlineConfig;
  /** Where the chunks are written (the build's staging folder, or a folder of their own ahead of it). */
  outDir: string;
}

/** What Vite made, as plain JSON (it crosses the bundle process's channel). */
export interface ClientBuild {
  /** Vite's manifest: the chunks, their imports and assets, read into a ClientBundle by `readManifest`. */
  manifest: Manifest;
  /** All the site's CSS as one stylesheet (ClientBundle.styles). */
  styles: string;
  /** Every file Vite read, for the next build's fingerprint. */
  inputs: string[];
  /** Vite's and Rollup's warnings, each once. */
  warnings: string[];
}

/**
 * Vite builds the browser code into `outDir`, one chunk per component; which chunks each component
 * needs is read from the manifest by `readManifest`, where the components' files are known.
 */
export async function viteClientBundle(input: ClientBundleInput): Promise<ClientBuild> {
  let built: Awaited<ReturnType<typeof viteBuildOfSite>>;
  try {
    built = await viteBuildOfSite(
      { root: input.root, files: input.files, user: input.vite },
      {
        plugins: [slimPreloadHelper(), compileHintFirst()],
        build: {
          outDir: input.outDir,
          emptyOutDir: false,
          manifest: true,
          target: 'es2022',
          modulePreload: { polyfill: false },
          reportCompressedSize: false,
          copyPublicDir: false,
          // One stylesheet for the whole site, inlined in each page (see ClientBundle.styles).
          cssCodeSplit: false,
          rollupOptions: {
            input: CLIENT_ENTRY_ID,
            output: {
              entryFileNames: `${ASSETS_DIR}/app-[hash].js`,
              codeSplitting: { groups: [{ name: entryChunkOf, debugName: 'ssg-entry' }] },
            },
          },
        },
      },
    );
  } catch (error) {
    // a full disk is not the site code's fault: it gets the output's message and hint
    throw (
      diskError(error, input.outDir) ??
      ownError(error) ??
      new SsgError(
        'BUNDLE_FAILED',
        `The browser bundle failed: ${error instanceof Error ? error.message : String(error)}`,
        {
          hint: 'Fix the error in the site code named above; the previous output was left untouched.',
          cause: error,
        },
      )
    );
  }
  const { inputs, warnings } = built;
  const manifestFile = path.join(input.outDir, '.vite/manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  await rm(path.join(input.outDir, '.vite'), { recursive: true, force: true });
  const cssFiles = stylesheetsOf(manifest);
  const styles = await Promise.all(
    cssFiles.map((url) => readFile(path.join(input.outDir, url), 'utf8')),
  );
  // Inlined in every page, so the files themselves are not part of the output.
  await Promise.all(cssFiles.map((url) => rm(path.join(input.outDir, url))));
  // Vite marks where each module's CSS was merged; the marks mean nothing in the page.
  const css = styles.join('\n').replace(/\/\*\$vite\$:\d+\*\/\n?/g, '');
  return { manifest, styles: css.trim(), inputs, warnings };
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
  /** Vite's root: the manifest's keys are relative to it. */
  root: string,
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
  const [entryKey, entry] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
  if (!entryKey || !entry)
    throw new SsgError('BUNDLE_FAILED', 'The browser bundle has no entry chunk.');
  const entryChunks = collect(entryKey, { js: [] });
  const components: Record<string, ChunkSet> = {};
  for (const [name, file] of Object.entries(componentFiles)) {
    const key = path.relative(root, file).split(path.sep).join('/');
    const set = collect(key, { js: [] });
    // The entry's own files are already on every page.
    components[name] = { js: set.js.filter((f) => !entryChunks.js.includes(f)) };
  }
  return { entry: `/${entry.file}`, entryChunks, components, styles, files: filesOf(manifest) };
}

/** Every file of the bundle (chunks and the assets they use), output-relative, sorted. */
export function filesOf(manifest: Manifest): string[] {
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    // Stylesheets are inlined in the pages (`styles`), not written.
    if (!chunk.file.endsWith('.css')) files.add(`/${chunk.file}`);
    for (const asset of chunk.assets ?? []) files.add(`/${asset}`);
  }
  return [...files].sort();
}

/** V8's explicit compile hint: a magic comment that counts only as the file's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * V8's explicit compile hint (Chrome 136+) on the entry: every function of the entry (React and
 * the runtime) is compiled while the file streams in, on a background thread, not lazily on the
 * main thread when hydration first calls it. Clinic, 4x CPU, medians of 2 x 9 loads: longest
 * script task 92-96 against 98-104 ms, blocking time on `/` 260-321 against 309-359 ms (pnpm bench
 * --only=main-thread). Written last: Vite puts its preload map (`__vite__mapDeps`) at the top of
 * the entry after the chunk's banner, which pushed a banner's hint off the first line.
 */
function compileHintFirst(): Plugin {
  return {
    name: 'ssg:compile-hint-first',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry)
            chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      },
    },
  };
}
