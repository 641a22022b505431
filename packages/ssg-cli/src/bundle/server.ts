/**
 * The server render's code: Vite's SSR build of the same module graph the client is built from
 * (vite-config.ts), so `ssg build` accepts what `ssg dev` accepts. Packages from node_modules stay
 * imports, which Node resolves from the site's folder; the output is written under
 * node_modules/.ssg/server/<digest of the code> and imported from there.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { InlineConfig, Rolldown } from 'vite';
import { SsgError } from '../errors.ts';
import { ownError } from './own-error.ts';
import { SERVER_ENTRY_ID, type SiteFiles, viteBuildOfSite } from './vite-config.ts';

export interface ServerBundle {
  /** The entry module, absolute: exports `site`, `browser` and `render`. */
  entryFile: string;
  /** Output chunk (absolute) → the source module it was made from, for lazily imported modules. */
  chunkSources: Array<[string, string]>;
  /** Digest of the bundle's code: part of every page's cache key and of the compilation hash. */
  codeHash: string;
  /** Every file the bundle was made from, for the next build's fingerprint. */
  inputs: string[];
  warnings: string[];
}

export interface ServerBundleInput {
  root: string;
  files: SiteFiles;
  vite?: InlineConfig;
}

/** Where server bundles of a site are kept. */
export const serverBundlesDir = (files: SiteFiles): string =>
  path.join(files.packageDir, 'node_modules/.ssg/server');

export async function buildServerBundle(input: ServerBundleInput): Promise<ServerBundle> {
  let output: Rolldown.OutputChunk[];
  let inputs: string[];
  let warnings: string[];
  try {
    const built = await viteBuildOfSite(
      { root: input.root, files: input.files, user: input.vite },
      {
        // The site's code sees the mode it was built in, whatever the process that imports it
        // has (Vite keeps `process.env` of server code as it is; a library call sets nothing).
        define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV || 'production') },
        build: {
          ssr: true,
          write: false,
          // Not written there (writeBundle does, by digest); source map paths are made from it.
          outDir: serverBundlesDir(input.files),
          target: 'node20',
          minify: false,
          sourcemap: true,
          copyPublicDir: false,
          reportCompressedSize: false,
          rollupOptions: {
            input: SERVER_ENTRY_ID,
            output: {
              format: 'es',
              entryFileNames: 'entry-[hash].mjs',
              chunkFileNames: 'chunk-[hash].mjs',
            },
          },
        },
      },
    );
    ({ inputs, warnings } = built);
    const { result } = built;
    const outputs = Array.isArray(result) ? result : [result];
    output = outputs.flatMap((o) =>
      'output' in o ? o.output.filter((c): c is Rolldown.OutputChunk => c.type === 'chunk') : [],
    );
  } catch (error) {
    throw bundleError(error);
  }
  return { ...(await writeBundle(input.files, output)), inputs, warnings };
}

/** A compile error of the site's code, naming the file and line. */
function bundleError(error: unknown): SsgError {
  const own = ownError(error);
  if (own) return own;
  const e = error as {
    message?: string;
    id?: string;
    loc?: { file?: string; line: number; column: number };
  };
  const file = e.loc?.file ?? e.id;
  const where = file ? `${file}${e.loc ? `:${e.loc.line}:${e.loc.column}` : ''}: ` : '';
  return new SsgError(
    'BUNDLE_FAILED',
    `The site's code does not compile: ${where}${e.message ?? String(error)}`,
    {
      hint: 'Fix the code at that place; the previous output was left untouched.',
      file,
      cause: error,
    },
  );
}

async function writeBundle(
  files: SiteFiles,
  chunks: Rolldown.OutputChunk[],
): Promise<Pick<ServerBundle, 'entryFile' | 'chunkSources' | 'codeHash'>> {
  const sorted = [...chunks].sort((a, b) => a.fileName.localeCompare(b.fileName));
  const hash = createHash('sha256');
  for (const chunk of sorted) hash.update(chunk.fileName).update('\0').update(chunk.code);
  const codeHash = hash.digest('hex').slice(0, 16);
  const dir = path.join(serverBundlesDir(files), codeHash);
  // Written beside, then renamed into place: a build running at the same time never sees a
  // half-written bundle, and the same digest means the same files, so either copy will do.
  if (!existsSync(dir)) {
    const scratch = `${dir}.tmp-${process.pid}-${Date.now()}`;
    await mkdir(scratch, { recursive: true });
    for (const chunk of sorted) {
      await writeFile(path.join(scratch, chunk.fileName), chunk.code);
      if (chunk.map) {
        // Absolute sources: the maps are read from a folder below the one Vite made them for.
        const base = serverBundlesDir(files);
        const map = { ...chunk.map, sources: chunk.map.sources.map((s) => path.resolve(base, s)) };
        await writeFile(path.join(scratch, `${chunk.fileName}.map`), JSON.stringify(map));
      }
    }
    await rename(scratch, dir).catch(() => rm(scratch, { recursive: true, force: true }));
  }
  // In use now: the clean-up of old bundles (by age) must not take it from under this build.
  const now = new Date();
  await utimes(dir, now, now);
  const entry = sorted.find((c) => c.isEntry);
  if (!entry) throw new SsgError('BUNDLE_FAILED', 'The server bundle has no entry chunk.');
  return {
    entryFile: path.join(dir, entry.fileName),
    chunkSources: sorted
      .filter((c) => c.isDynamicEntry && c.facadeModuleId && path.isAbsolute(c.facadeModuleId))
      .map((c) => [path.join(dir, c.fileName), String(c.facadeModuleId)]),
    codeHash,
  };
}
