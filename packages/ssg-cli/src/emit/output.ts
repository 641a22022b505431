// Stage "emit": the build's files in memory (with the compilation hash), then written into the
// staging folder with the site's copied folders; a file the last build wrote alike is linked.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  type AppData,
  appDataUrl,
  pageDataUrl,
  type StaticQueryResult,
  sliceDataUrl,
  staticQueryUrl,
} from '@ssg/loader/contract';
import type { ClientBundle } from '../bundle/client.ts';
import { SsgError } from '../errors.ts';
import type { CompilationMemo, Memo } from '../incremental/hash-memo.ts';
import { type FileContents, type FileWriter, openWriter, writeFiles } from '../output/writer.ts';
import { progressCounter } from '../progress.ts';
import { checkPageDataSize } from '../render/page-data-size.ts';
import type { RenderedPage, RenderedPages } from '../render/render-pages.ts';
import type { Routes } from '../routes/collect-routes.ts';
import { isPrecached, md5 } from '../service-worker/generate-service-worker.ts';
import { htmlFileOf } from '../shared/files.ts';
import { matchPathsOf } from '../shared/match-path-list.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import type { BuildReporter, LoadedSite, OutputBytes } from '../types.ts';
import { buildIdOf, isTabData } from './build-id.ts';
import { compilationHashOf } from './compilation-hash.ts';
import { type CompressMode, compressesPages, compressWritten } from './compress.ts';
import { type CopiedAsset, placeCopied } from './place-copied.ts';
import { type Placed, placedFiles, type Reuse } from './reuse-files.ts';

const gzipped = promisify(gzip);
const json = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** What the output is made of. */
export interface OutputInput {
  loaded: LoadedSite;
  brand: string;
  trailingSlash: TrailingSlash;
  content: unknown;
  routes: Routes;
  rendered: RenderedPages;
  client: ClientBundle;
  /** Whether the last build's output was made of the same (the incremental cache). */
  memo?: CompilationMemo;
}

/** Every file of the build but the client bundle and assets, by URL path, in memory. */
export interface Output {
  /** Data files as they are; each page's HTML made when it is written (not 10,000 held at once). */
  files: Map<string, FileContents>;
  /** What a tab that loaded this build keeps using (compilation-hash.ts): not the pages' content. */
  compilationHash: string;
  /**
   * URL path → MD5 of each file as it is made or kept, filled by the writer: app-data, made after
   * the data files, takes its build id from theirs (build-id.ts).
   */
  revisions: Map<string, string>;
  /** The last build's memo when this output is made of exactly what the last one was. */
  same?: Memo | undefined;
  /**
   * Digest of what every page's files are made with besides the page's own render inputs
   * (memo.frame): when it is the last build's, a page whose inputs are unchanged has the files it
   * had (patch.ts).
   */
  frame?: string | undefined;
  /**
   * Once every file was made (but those of the pages `kept` names, left as the last build wrote
   * them): the page-data files over the size limit (the memo remembers them).
   */
  finish(kept?: (path: string) => boolean): string[];
  /** How many of the files are pages' HTML. */
  pageCount: number;
}

/** HTML, page-data, static queries, slice data, app-data and the site's extra files. */
export function outputOf(input: OutputInput): Output {
  const { files, ...rest } = dataFiles(input);
  const all: Map<string, FileContents> = files;
  for (const page of input.rendered.pages)
    all.set(htmlUrlOf(page), () => page.html(rest.compilationHash));
  return { files: all, ...rest, pageCount: input.rendered.pages.length };
}

/** The output with every page's HTML made: what `ssg dev` answers from. */
export function outputFiles(input: OutputInput): Map<string, string | Uint8Array> {
  const { files, compilationHash, revisions } = dataFiles(input);
  const made = new Map<string, string | Uint8Array>();
  for (const [name, contents] of files) {
    const bytes = typeof contents === 'function' ? contents() : contents;
    if (isTabData(name)) revisions.set(name, md5(bytes));
    made.set(name, bytes);
  }
  for (const page of input.rendered.pages) made.set(htmlUrlOf(page), page.html(compilationHash));
  return made;
}

const htmlUrlOf = (page: RenderedPage): string => `/${htmlFileOf(page.route.path)}`;

/** The two files of a page: its HTML and its page-data, by URL path. */
export const filesOfPage = (page: RenderedPage): [string, string] => [
  htmlUrlOf(page),
  pageDataUrl(page.route.path),
];

/** Every output file but the HTML of the pages; the pages' data files are made when written. */
function dataFiles(input: OutputInput) {
  const files = new Map<string, FileContents>();
  const { pages, slices, staticQueryResults } = input.rendered;
  const warningOf = new Map<string, string>();
  for (const page of pages)
    files.set(pageDataUrl(page.route.path), () => {
      const pageData = page.pageData();
      const made = json(pageData);
      const warning = checkPageDataSize(pageData, made);
      if (warning) warningOf.set(page.route.path, warning);
      return made;
    });
  const sessionFiles: Array<[string, string]> = [];
  for (const [hash, query] of staticQueryResults)
    sessionFiles.push([
      staticQueryUrl(hash),
      json({ data: query.data } satisfies StaticQueryResult),
    ]);
  for (const slice of slices) sessionFiles.push([sliceDataUrl(slice.name), json(slice.sliceData)]);
  for (const [url, contents] of sessionFiles) files.set(url, contents);
  for (const extra of input.loaded.site.files?.({
    content: input.content,
    brand: input.brand,
    routes: input.routes.routes,
    trailingSlash: input.trailingSlash,
  }) ?? []) {
    files.set(`/${extra.path.replace(/^\/+/, '')}`, extra.contents);
  }
  const { client, trailingSlash } = input;
  const matchPaths = matchPathsOf(input.routes.routes);
  const compilationHash = compilationHashOf({ client, trailingSlash, matchPaths, sessionFiles });
  const pageByDataUrl = new Map(pages.map((page) => [pageDataUrl(page.route.path), page]));
  // Code-point order: the same on every machine, whatever its locale.
  const names = [...files.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const digests = input.memo && fingerprintOf(input, input.memo, names, files, pageByDataUrl);
  const same = digests ? input.memo?.lookup(digests.fingerprint) : undefined;
  // made after every data file (this map's order), whose bytes its build id digests
  const revisions = new Map<string, string>();
  const buildId = () => buildIdOf(files.keys(), (url) => revisions.get(url));
  files.set(appDataUrl(), () => json({ compilationHash, buildId: buildId() } satisfies AppData));
  /** `kept`: pages whose page-data was not made (their files were kept): their last warning holds. */
  const finish = (kept?: (path: string) => boolean) => {
    const last = same?.warnings ?? input.memo?.lastWarnings ?? {};
    const warnings: Record<string, string> = {};
    for (const { route } of pages) {
      const made = same || kept?.(route.path) ? last[route.path] : warningOf.get(route.path);
      if (made) warnings[route.path] = made;
    }
    if (digests) input.memo?.remember({ ...digests, compilationHash, warnings });
    return Object.values(warnings);
  };
  return { files, compilationHash, revisions, same, frame: digests?.frame, finish };
}

/**
 * Digests of what the output is made of. `frame`: what every page's files are made with besides
 * their own inputs (the client, the document options, the slices); `fingerprint`: the frame, the
 * data files but the pages' (name and contents) and each page's render inputs in order.
 */
function fingerprintOf(
  input: OutputInput,
  memo: CompilationMemo,
  names: readonly string[],
  files: ReadonlyMap<string, FileContents>,
  pages: ReadonlyMap<string, RenderedPage>,
): { frame: string; fingerprint: string } | undefined {
  const pageInputs = memo.pageInputs(input.rendered.pages.map((page) => page.route.path));
  if (!pageInputs) return undefined;
  const digest = createHash('sha256');
  const { client, trailingSlash, brand, loaded, routes, rendered } = input;
  const options = [client, trailingSlash, brand, loaded.site.lang, routes.slices, rendered.slices];
  digest.update(JSON.stringify(options)).update(memo.documentOptions);
  const frame = digest.copy().digest('hex');
  for (const name of names) {
    const contents = files.get(name);
    if (pages.has(name) || contents === undefined || typeof contents === 'function') continue;
    digest.update(name).update(contents);
  }
  digest.update(pageInputs);
  return { frame, fingerprint: digest.digest('hex') };
}

/**
 * The folders emit will write into (two per page: `p/1/` and `page-data/p/1/`), made ahead by the
 * writer while Vite bundles and pages render: making 20,000 folders is a good part of writing them.
 */
export function foldersAhead(stagingDir: string, loaded: LoadedSite, routes: Routes): string[] {
  const dirs = new Set<string>();
  const add = (url: string) => dirs.add(path.dirname(path.join(stagingDir, url)));
  for (const route of routes.routes) {
    add(`/${htmlFileOf(route.path)}`);
    add(pageDataUrl(route.path));
  }
  if (loaded.site.staticQueries.length > 0) add(staticQueryUrl('x'));
  if (routes.slices.length > 0) add(sliceDataUrl('x'));
  return [...dirs];
}

/** Where and how emit writes. */
export interface WriteInput {
  stagingDir: string;
  compress: CompressMode;
  client: ClientBundle;
  /** The site's folders copied as they are (copied-folders.ts). */
  copied: readonly CopiedAsset[];
  /** The staging folder's writer (the build's, which made folders ahead on a cold build). */
  writer?: FileWriter;
  /** The last output's file to link in place of writing `name` again, when it has these bytes. */
  reuse?: Reuse | undefined;
  reporter?: BuildReporter;
  /** The site's memo of compressed client files (compress-memo.ts). */
  compressedDir?: string;
  /**
   * The pages' files the worker precaches (`precachedPageFiles`, output-relative): of the pages'
   * files, only these get a precache revision. None: all of them.
   */
  precachedPages?: ReadonlySet<string>;
  /**
   * Files left in the output folder as the last build wrote them (a patch, patch.ts): URL path →
   * their record entry (`md5 size:ino:mtime`); not made, not written into the staging folder.
   */
  kept?: ReadonlyMap<string, string> | undefined;
}

/** What emit wrote: sizes by kind, and the worker's precache revisions. */
export interface Written extends Placed {
  bytes: OutputBytes;
  /** Output-relative path → MD5 of each file the worker precaches, hashed as it was written. */
  precache: Map<string, string>;
}

/** Stage "emit": writes the output files and the site's assets into the staging folder. */
export async function writeOutput(output: Output, input: WriteInput): Promise<Written> {
  const { stagingDir, client } = input;
  // Sizes and the worker's precache revisions come from the bytes as they are written: no file
  // is read back (reading and hashing 20,000 files again took ~5 s at 10,000 pages).
  const bytes: OutputBytes = { html: 0, js: 0, css: 0, json: 0, other: 0 };
  const precache = new Map<string, string>();
  const pagesToo = compressesPages(input.compress, output.pageCount);
  const placed = placedFiles(input.reuse, pagesToo, output.revisions);
  const writing = new Map<string, FileContents>();
  // Compressed on libuv's threads while the files are written; a failure only loses the figure.
  const zipped = gzipSizes(stagingDir, client).catch(() => undefined);
  const tick = progressCounter(input.reporter, 'emit', output.files.size);
  // a page's files are made by a function; of those, the worker precaches the first pages' only
  const precached = (file: string, page: boolean) =>
    isPrecached(file) && (!page || !input.precachedPages || input.precachedPages.has(file));
  for (const [name, contents] of output.files) {
    // pages' files are made as they are written; app-data too, but it is the build's, not a page's
    const page = typeof contents === 'function' && name !== appDataUrl();
    const entry = input.kept?.get(name);
    if (entry !== undefined) {
      const [revision = '', stamp = ''] = entry.split(' ');
      count(bytes, name, Number.parseInt(stamp, 10));
      placed.kept(name, revision);
      if (precached(name.slice(1), page)) precache.set(name.slice(1), revision);
      tick();
      continue;
    }
    writing.set(name, () => {
      const made = typeof contents === 'function' ? contents() : contents;
      const data = typeof made === 'string' ? Buffer.from(made) : made;
      count(bytes, name, data.byteLength);
      const file = name.slice(1);
      const revision = placed.made(name, data);
      if (precached(file, page)) precache.set(file, revision);
      tick();
      return data;
    });
  }
  const writer = input.writer ?? openWriter(stagingDir, output.files.size);
  try {
    await writeFiles(writer, writing, placed);
    if (input.compress !== 'none')
      await compressWritten(stagingDir, client.files, input.compressedDir);
    await placeCopied(stagingDir, input.copied, placed.unlinkBeforeCopy, precache);
  } catch (error) {
    if (error instanceof SsgError) throw error; // a page's data over the limit, as it was made
    throw new SsgError('EMIT_FAILED', `Writing the output failed: ${(error as Error).message}`, {
      hint: 'Check that the output folder is writable and the disk has room; the previous output was left untouched.',
      cause: error,
    });
  } finally {
    if (!input.writer) await writer.close();
  }
  for (const asset of client.files) {
    const { size } = await stat(path.join(stagingDir, asset));
    if (isScript(asset)) bytes.js += size;
    else bytes.other += size;
  }
  bytes.css = Buffer.byteLength(client.styles);
  bytes.gzip = await zipped;
  const { revisions, linked, stamps } = placed;
  return { bytes, precache, revisions, linked, stamps };
}

const isScript = (file: string): boolean => /\.m?js$/.test(file);

function count(bytes: OutputBytes, name: string, size: number): void {
  if (name.endsWith('.html')) bytes.html += size;
  else if (name.endsWith('.json')) bytes.json += size;
  else bytes.other += size;
}

/**
 * Gzipped sizes of the client's scripts (a few files, read back) and of the inlined stylesheet;
 * the HTML is not compressed: at 10,000 pages that would cost seconds.
 */
async function gzipSizes(
  stagingDir: string,
  client: ClientBundle,
): Promise<{ js: number; css: number }> {
  const scripts = client.files.filter(isScript);
  const sizes = await Promise.all(
    scripts.map(
      async (file) => (await gzipped(await readFile(path.join(stagingDir, file)))).byteLength,
    ),
  );
  const css = client.styles ? (await gzipped(client.styles)).byteLength : 0;
  return { js: sizes.reduce((sum, size) => sum + size, 0), css };
}
