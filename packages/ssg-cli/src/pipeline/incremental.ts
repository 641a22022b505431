import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_DIR, OFFLINE_PAGE } from '../host/rules.ts';
import type { RouteDefinition } from '../site/index.ts';
import type { ClientBundle } from './bundle-client.ts';
import type { BuildContext } from './context.ts';
import { copiedFolders } from './copied-folders.ts';
import type { PageOutput } from './render-workers.ts';
import { clientEntrySource } from './vite-config.ts';

/**
 * Incremental builds. One cache file per output folder, in the site's node_modules/.ssg/, holds:
 * - each page's render output (the body, before the document around it) under a key of what the
 *   render read: the server code hash, the route (path, component, data, context, head), the
 *   trailing-slash option, and the digests of the static queries and slices the page used;
 * - the client bundle and the digest of every file Vite read for it, so an unchanged client skips
 *   Vite and takes the previous output's chunks;
 * - the last build written to that folder: when a build would write exactly the same output
 *   (same compilation hash, same options and assets) the folder is left as it is.
 * The document around each page is always made again, so client chunks and options need no key.
 * Nothing is trusted blindly: a cache entry only ever stands for a render of the same inputs.
 */
export interface IncrementalState {
  file: string;
  tool: string;
  saved: SavedState;
  /** Render outputs of this build, by page path: what the next build can reuse. */
  pages: Map<string, SavedPage>;
  /** Files Vite read for this build's client bundle (filled by `clientInputsPlugin`). */
  clientInputs?: string[];
  client?: SavedClient;
  reusedPages: number;
  reusedClient: boolean;
  /** Output files of this build by URL path (emit), which the seal of the folder covers. */
  outputNames: string[];
  /** Set by emit: the output folder already holds exactly this build. */
  upToDate: boolean;
}

interface SavedPage {
  key: string;
  deps: string;
  output: PageOutput;
}

interface SavedClient {
  fingerprint: string;
  inputs: string[];
  bundle: ClientBundle;
  /** sha256 of each output file of the bundle, output-relative URL → digest. */
  files: Record<string, string>;
}

interface SavedState {
  version: number;
  tool: string;
  pages: Record<string, SavedPage>;
  client?: SavedClient;
  last?: {
    compilationHash: string;
    options: string;
    seal: string;
    bytes: NonNullable<BuildContext['bytes']>;
  };
}

const VERSION = 1;
const sha = (...parts: Array<string | Uint8Array>): string => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

let toolHashMemo: Promise<string> | undefined;
/** The CLI's own sources and the versions of the packages that shape the output. */
export function toolHash(root: string): Promise<string> {
  toolHashMemo ??= (async () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const hash = createHash('sha256');
    const entries = await readdir(src, { recursive: true, withFileTypes: true });
    const files = entries
      // code only: declarations and source maps of a compiled copy do not shape the output
      .filter(
        (e) =>
          e.isFile() &&
          !e.name.includes('.test.') &&
          /\.(m?js|tsx?)$/.test(e.name) &&
          !e.name.endsWith('.d.ts'),
      )
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
    for (const file of files) hash.update(path.relative(src, file)).update(await readFile(file));
    const cli = createRequire(import.meta.url);
    const site = createRequire(path.join(root, 'package.json'));
    for (const [req, name] of [
      [cli, 'vite'],
      [cli, '@vitejs/plugin-react'],
      [cli, 'workbox-build'],
      [site, 'react'],
      [site, 'react-dom'],
    ] as const) {
      try {
        const pkg = JSON.parse(await readFile(req.resolve(`${name}/package.json`), 'utf8'));
        hash.update(`${name}@${pkg.version}`);
      } catch {
        hash.update(`${name}@?`);
      }
    }
    return hash.digest('hex').slice(0, 20);
  })();
  return toolHashMemo;
}

const CACHE_DIR = 'node_modules/.ssg/incremental';

/** The cache file of an output folder (tests delete it to compare with a build from scratch). */
export const cacheFileOf = (ctx: Pick<BuildContext, 'root' | 'outDir'>): string =>
  path.join(ctx.root, CACHE_DIR, `${sha(ctx.outDir).slice(0, 16)}.json`);

/** Reads the cache of the output folder; a missing, unreadable or older-tool cache is empty. */
export async function openIncremental(ctx: BuildContext): Promise<IncrementalState> {
  const file = cacheFileOf(ctx);
  const tool = await toolHash(ctx.root);
  let saved: SavedState = { version: VERSION, tool, pages: {} };
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as SavedState;
    if (parsed.version === VERSION && parsed.tool === tool && !ctx.force) saved = parsed;
  } catch {
    // no cache yet, or a broken one: build from scratch
  }
  return {
    file,
    tool,
    saved,
    pages: new Map(),
    reusedPages: 0,
    reusedClient: false,
    outputNames: [],
    upToDate: false,
  };
}

/** Digest of everything a render of `route` reads besides static queries and slices. */
export const pageKey = (ctx: BuildContext, route: RouteDefinition): string =>
  sha(
    ctx.loaded.codeHash,
    ctx.trailingSlash,
    JSON.stringify([
      route.path,
      route.component,
      route.data ?? null,
      route.pageContext ?? {},
      route.head,
    ]),
  );

/** Digest of the static query results and slices one render output used. */
export function depsDigest(
  output: Pick<PageOutput, 'staticQueryHashes' | 'slicesMap'>,
  queryDigests: ReadonlyMap<string, string>,
  sliceDigests: ReadonlyMap<string, string>,
): string {
  const parts: string[] = [];
  for (const hash of output.staticQueryHashes) parts.push(`q:${hash}:${queryDigests.get(hash)}`);
  for (const name of [...new Set(Object.values(output.slicesMap))].sort())
    parts.push(`s:${name}:${sliceDigests.get(name)}`);
  return sha(...parts);
}

export function lookupPage(
  state: IncrementalState,
  route: RouteDefinition,
  key: string,
  queryDigests: ReadonlyMap<string, string>,
  sliceDigests: ReadonlyMap<string, string>,
): PageOutput | undefined {
  const entry = state.saved.pages[route.path];
  if (!entry || entry.key !== key) return undefined;
  if (depsDigest(entry.output, queryDigests, sliceDigests) !== entry.deps) return undefined;
  state.pages.set(route.path, entry);
  state.reusedPages++;
  return entry.output;
}

export function storePage(
  state: IncrementalState,
  route: RouteDefinition,
  key: string,
  output: PageOutput,
  queryDigests: ReadonlyMap<string, string>,
  sliceDigests: ReadonlyMap<string, string>,
): void {
  state.pages.set(route.path, {
    key,
    deps: depsDigest(output, queryDigests, sliceDigests),
    output,
  });
}

async function clientFingerprint(ctx: BuildContext, inputs: readonly string[]): Promise<string> {
  const hash = createHash('sha256').update(clientEntrySource(ctx.files));
  for (const file of inputs) {
    hash.update(file).update('\0');
    hash.update(await readFile(file).catch(() => `missing ${file}`));
  }
  return hash.digest('hex');
}

/**
 * Stage "bundle" without Vite: when every file the previous client bundle read is unchanged and
 * its chunks are still in the output folder as written, they are copied into the staging folder.
 */
export async function reuseClientBundle(ctx: BuildContext): Promise<boolean> {
  const state = ctx.incremental;
  const saved = state?.saved.client;
  if (!state || !saved) return false;
  if ((await clientFingerprint(ctx, saved.inputs)) !== saved.fingerprint) return false;
  const contents = new Map<string, Buffer>();
  for (const [url, digest] of Object.entries(saved.files)) {
    const data = await readFile(path.join(ctx.outDir, url)).catch(() => undefined);
    if (!data || sha(data) !== digest) return false;
    contents.set(url, data);
  }
  for (const [url, data] of contents) {
    const target = path.join(ctx.stagingDir, url);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
  }
  ctx.client = saved.bundle;
  state.client = saved;
  state.reusedClient = true;
  return true;
}

/** After Vite ran: the fingerprint of what it read and the digests of what it wrote. */
async function recordClient(ctx: BuildContext, state: IncrementalState): Promise<void> {
  if (state.client || !state.clientInputs || !ctx.client) return;
  const files: Record<string, string> = {};
  for (const url of ctx.client.files) files[url] = sha(await readFile(path.join(ctx.outDir, url)));
  state.client = {
    fingerprint: await clientFingerprint(ctx, state.clientInputs),
    inputs: state.clientInputs,
    bundle: ctx.client,
    files,
  };
}

/** Options and copied assets: what shapes the output besides the compilation hash. */
async function optionsKey(ctx: BuildContext, tool: string): Promise<string> {
  const parts = [
    tool,
    JSON.stringify([
      ctx.brand,
      ctx.trailingSlash,
      ctx.serviceWorker,
      ctx.runtimeCaching,
      ctx.keepBuilds,
    ]),
  ];
  for (const asset of copiedFolders(ctx)) {
    parts.push(`${asset.from}>${asset.to}`);
    const info = await stat(asset.from).catch(() => null);
    if (!info) continue;
    const files = info.isDirectory()
      ? (await readdir(asset.from, { recursive: true })).map(String).sort()
      : [''];
    for (const file of files) {
      const s = await stat(path.join(asset.from, file)).catch(() => null);
      if (s?.isFile()) parts.push(`${file}:${s.size}:${s.mtimeMs}`);
    }
  }
  return sha(...parts);
}

/**
 * A fingerprint of the output folder as it is on disk: size, inode and modification time of
 * each file the build wrote by name, and of every folder holding them. A file added to or
 * removed from any of those folders changes the folder's time; a file rewritten changes its own.
 * Stats only (~40,000 for 10,000 pages, well under a second): no file is read or listed.
 */
function seal(dir: string, names: readonly string[]): string {
  const paths = new Set<string>(['']);
  for (const name of names) {
    const rel = name.replace(/^\/+/, '');
    paths.add(rel);
    for (let d = path.posix.dirname(rel); d !== '.' && !paths.has(d); d = path.posix.dirname(d))
      paths.add(d);
  }
  const hash = createHash('sha256');
  for (const rel of [...paths].sort()) {
    const info = statSync(path.join(dir, rel), { throwIfNoEntry: false });
    hash.update(
      info ? `${rel}\0${info.size}\0${info.ino}\0${info.mtimeMs}\n` : `${rel}\0missing\n`,
    );
  }
  return hash.digest('hex');
}

/** Every output file the build names (the rest are inside folders it names). */
function sealedNames(ctx: BuildContext, state: IncrementalState): string[] {
  return [
    ...state.outputNames,
    ...(ctx.client?.files ?? []),
    'sw.js',
    `${HOST_DIR}/builds.json`,
    `${HOST_DIR}/nginx.conf`,
    '_headers',
    ...(ctx.serviceWorker ? [OFFLINE_PAGE] : []),
  ];
}

/**
 * Whether the output folder already holds exactly what this build would write: the previous
 * build into it had the same compilation hash (a digest of every page, data file and chunk
 * name), options and assets, and its last-written files are untouched. Hand edits of single
 * pages inside the output are not looked for; delete the folder to have it written anew.
 */
export async function outputUpToDate(
  ctx: BuildContext,
  files: ReadonlyMap<string, unknown>,
): Promise<boolean> {
  const state = ctx.incremental;
  if (!state) return false;
  state.outputNames = [...files.keys()];
  const last = state.saved.last;
  if (!last || !existsSync(ctx.outDir)) return false;
  if (last.compilationHash !== ctx.compilationHash) return false;
  if (last.options !== (await optionsKey(ctx, state.tool))) return false;
  if (last.seal !== seal(ctx.outDir, sealedNames(ctx, state))) return false;
  state.upToDate = true;
  ctx.bytes = last.bytes;
  return true;
}

/** Where the cache is written before it is renamed into place: a build cut short never leaves half a cache. */
const scratchOf = (state: IncrementalState) => `${state.file}.${process.pid}`;

/**
 * Writes the page half of the cache (~22 MB at 10,000 pages) into its scratch file while emit
 * writes the output, whose waiting on the disk leaves this thread idle. Resolves to the scratch
 * file, which `saveIncremental` completes; undefined when every page came from the cache.
 */
export async function savePagesAhead(ctx: BuildContext): Promise<string | undefined> {
  const state = ctx.incremental;
  if (!state || state.reusedPages === state.pages.size) return undefined;
  await mkdir(path.dirname(state.file), { recursive: true });
  const scratch = scratchOf(state);
  const out = await open(scratch, 'w');
  try {
    await writePages(state, out);
  } finally {
    await out.close();
  }
  return scratch;
}

/** `{"pages":{…}`, in batches: one JSON string of all of them would be ~22 MB at 10,000 pages. */
async function writePages(state: IncrementalState, out: FileHandle): Promise<void> {
  await out.write('{"pages":{');
  let batch: string[] = [];
  let separator = '';
  const flush = async () => {
    if (batch.length === 0) return;
    await out.write(separator + batch.join(','));
    separator = ',';
    batch = [];
  };
  for (const [pagePath, entry] of state.pages) {
    batch.push(`${JSON.stringify(pagePath)}:${JSON.stringify(entry)}`);
    if (batch.length === 500) await flush();
  }
  await flush();
  await out.write('}');
}

/**
 * After the output is in place: what the next build into the same folder can reuse. `pagesAhead`
 * is the scratch file `savePagesAhead` wrote, if it ran.
 */
export async function saveIncremental(
  ctx: BuildContext,
  pagesAhead?: Promise<string | undefined>,
): Promise<void> {
  const state = ctx.incremental;
  if (!state) return;
  const ahead = await pagesAhead;
  // Nothing rendered, bundled or written: the saved state is still exact.
  if (!ahead && state.upToDate && state.reusedClient && state.reusedPages === state.pages.size)
    return;
  await recordClient(ctx, state);
  const rest: Omit<SavedState, 'pages'> = {
    version: VERSION,
    tool: state.tool,
    client: state.client,
    last: {
      compilationHash: ctx.compilationHash!,
      options: await optionsKey(ctx, state.tool),
      seal: seal(ctx.outDir, sealedNames(ctx, state)),
      bytes: ctx.bytes!,
    },
  };
  await mkdir(path.dirname(state.file), { recursive: true });
  const scratch = scratchOf(state);
  try {
    const out = await open(scratch, ahead ? 'a' : 'w');
    try {
      if (!ahead) await writePages(state, out);
      await out.write(`,${JSON.stringify(rest).slice(1)}`);
    } finally {
      await out.close();
    }
    await rename(scratch, state.file);
  } catch (error) {
    await rm(scratch, { force: true });
    throw error;
  }
}

/** After a failed build: the scratch file of the cache goes too. */
export async function discardPagesAhead(pagesAhead?: Promise<string | undefined>): Promise<void> {
  const scratch = await pagesAhead?.catch(() => undefined);
  if (scratch) await rm(scratch, { force: true });
}
