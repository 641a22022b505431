// The CLI's TypeScript sources compiled to plain JavaScript with esbuild, so that `ssg` starts
// without a TypeScript loader (tsx took 0.25-0.45 s of every run). The output is kept in
// node_modules/.ssg-cli and made again when any source it was made from changed (sizes and
// modification times, ~70 stats); `node bin/compile.mjs` makes it ahead (scripts/setup.sh).
// Each module keeps its own `import.meta.url` (its source file's URL), so paths relative to a
// source file (runtime files, the render worker, the tool hash over src/) mean what they mean
// when the sources run through tsx.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const OUT_ROOT = path.join(PACKAGE_DIR, 'node_modules', '.ssg-cli');
const RECORD = path.join(OUT_ROOT, 'current.json');

/** Entry points of the compiled output, by name. */
const ENTRIES = {
  cli: 'src/cli.ts',
  build: 'src/build/build.ts',
  'bundle-child': 'src/build/bundle-child.ts',
};

/** Packages stay imports (Node resolves them, lazily where the sources import them lazily); workspace sources (`@ssg/*`) are compiled in. */
const externalPackages = {
  name: 'ssg-external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]|^\.[^./]|^\.\.[^/]/ }, (args) =>
      args.path.startsWith('@ssg/') || path.isAbsolute(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const stamp = (file) => {
  const info = statSync(file, { throwIfNoEntry: false });
  return info ? `${info.size}:${info.mtimeMs}` : 'missing';
};

/** The compiled entries (file URLs by entry name) when every source they came from is unchanged. */
function current() {
  try {
    const record = JSON.parse(readFileSync(RECORD, 'utf8'));
    if (record.node !== process.version) return undefined;
    for (const [file, was] of Object.entries(record.inputs)) {
      if (stamp(path.join(PACKAGE_DIR, file)) !== was) return undefined;
    }
    return record.entries;
  } catch {
    return undefined;
  }
}

/**
 * File URLs of the compiled entries (`cli`, `build`, `bundle-child`), compiling first when a
 * source changed since the last compile. Rejects when esbuild fails; callers then use tsx.
 */
export async function compiledCli() {
  return current() ?? (await compile());
}

async function compile() {
  const esbuild = await import('esbuild');
  const id = `${Date.now().toString(36)}-${process.pid}`;
  const outDir = path.join(OUT_ROOT, id);
  const entryUrl = (name) => pathToFileURL(path.join(outDir, `${name}.mjs`)).href;
  const keepOwnUrl = {
    name: 'ssg-own-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.(ts|tsx|mjs|js)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const url = JSON.stringify(pathToFileURL(args.path).href);
        const ext = path.extname(args.path).slice(1);
        return {
          contents: source.replaceAll('import.meta.url', url),
          loader: ext === 'mjs' ? 'js' : ext,
        };
      });
    },
  };
  const result = await esbuild.build({
    absWorkingDir: PACKAGE_DIR,
    entryPoints: ENTRIES,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [keepOwnUrl, externalPackages],
    // The bundle process starts the compiled child, not the TypeScript one through tsx.
    define: { SSG_COMPILED_BUNDLE_CHILD: JSON.stringify(entryUrl('bundle-child')) },
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) {
    if (file.includes('node_modules/')) continue;
    const rel = path.relative(PACKAGE_DIR, path.resolve(PACKAGE_DIR, file));
    inputs[rel] = stamp(path.join(PACKAGE_DIR, rel));
  }
  const entries = Object.fromEntries(Object.keys(ENTRIES).map((name) => [name, entryUrl(name)]));
  // The record is replaced whole (written beside, then renamed): a parallel run reads the old
  // one or the new one. Older outputs stay: a run started before may still be importing them.
  const scratch = `${RECORD}.${id}`;
  mkdirSync(OUT_ROOT, { recursive: true });
  writeFileSync(scratch, JSON.stringify({ node: process.version, inputs, entries }));
  renameSync(scratch, RECORD);
  cleanOld(id);
  return entries;
}

/** Outputs of earlier compiles, an hour after they were made. */
function cleanOld(keep) {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(OUT_ROOT)) {
    if (name === keep || name.includes('.json')) continue;
    const dir = path.join(OUT_ROOT, name);
    const info = statSync(dir, { throwIfNoEntry: false });
    if (info && info.mtimeMs < hourAgo) rmSync(dir, { recursive: true, force: true });
  }
}

// `node bin/compile.mjs`: compile now (set-up does it once, so the first build does not).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await compiledCli();
}
