// Bundles src/index.ts the way a site would ship it (esbuild, minified ESM for browsers) and
// measures it gzipped. `node size.mjs` prints the size; benchmarks import `measureLoaderSize`.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The size budget of the whole package, minified + gzip (design §6). */
export const SIZE_BUDGET_BYTES = 3072;

/** @returns {Promise<{ minified: number, gzip: number, code: Uint8Array }>} */
export async function measureLoaderSize() {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./src/index.ts', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no bundle of src/index.ts.');
  const code = output.contents;
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length, code };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { minified, gzip } = await measureLoaderSize();
  console.log(
    `@ssg/loader: ${minified} B minified, ${gzip} B gzip (budget ${SIZE_BUDGET_BYTES} B)`,
  );
  if (gzip > SIZE_BUDGET_BYTES) process.exitCode = 1;
}
