import { createHash } from 'node:crypto';
import { cp, readdir, readFile, stat } from 'node:fs/promises';
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
import { SsgError } from '../errors.ts';
import type { ClientBundle } from './bundle-client.ts';
import { compressesPages, compressWritten, writeSiblings } from './compress.ts';
import type { BuildContext, OutputBytes } from './context.ts';
import { copiedFolders } from './copied-folders.ts';
import { outputUpToDate } from './incremental.ts';
import { checkPageDataSize } from './page-data-size.ts';
import { progressCounter } from './progress.ts';
import { HASH_PLACEHOLDER, type RenderedPage } from './render.ts';
import { isPrecached, md5 } from './service-worker.ts';
import { type FileContents, folders, makeFolders, writeFiles } from './write-files.ts';

/** Output-relative file of a page: `/` → `index.html`, `/about/` → `about/index.html`, `/404.html` → `404.html`. */
export function htmlFileOf(pagePath: string): string {
  const clean = pagePath.replace(/^\/+/, '');
  if (/\.html$/.test(clean)) return clean;
  return path.posix.join(clean.replace(/\/+$/, ''), 'index.html');
}

const gzipped = promisify(gzip);
const json = (value: unknown): string => `${JSON.stringify(value)}\n`;

/**
 * Every file of the build but the client bundle and assets, by URL path, in memory: HTML,
 * page-data, static queries, slice data, app-data and the site's extra files. The compilation
 * hash is the digest of everything else the build produced (client code, JSON, HTML), so it
 * changes exactly when they do.
 */
export function outputFiles(ctx: BuildContext): Map<string, string | Uint8Array> {
  const files: Map<string, string | Uint8Array> = dataFiles(ctx);
  for (const page of ctx.pages!) files.set(htmlUrlOf(page), pageHtml(ctx, page));
  return files;
}

const htmlUrlOf = (page: RenderedPage): string => `/${htmlFileOf(page.pageData.path)}`;
/** The page's document with this build's compilation hash. */
const pageHtml = (ctx: BuildContext, page: RenderedPage): string => page.html(ctx.compilationHash!);

/** Every output file but the HTML of the pages; sets the compilation hash (over the HTML too). */
function dataFiles(ctx: BuildContext): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>();
  for (const page of ctx.pages!) {
    const text = json(page.pageData);
    const warning = checkPageDataSize(page.pageData, text);
    if (warning) ctx.warnings.push(warning);
    files.set(pageDataUrl(page.pageData.path), text);
  }
  for (const [hash, query] of ctx.staticQueryResults!) {
    files.set(staticQueryUrl(hash), json({ data: query.data } satisfies StaticQueryResult));
  }
  for (const slice of ctx.renderedSlices!)
    files.set(sliceDataUrl(slice.name), json(slice.sliceData));
  for (const extra of ctx.loaded.site.files?.({
    content: ctx.content,
    brand: ctx.brand,
    routes: ctx.routes!,
    trailingSlash: ctx.trailingSlash,
  }) ?? []) {
    files.set(`/${extra.path.replace(/^\/+/, '')}`, extra.contents);
  }

  const digest = createHash('sha256');
  for (const asset of ctx.client!.files) digest.update(asset);
  // Code-point order: the same on every machine, whatever its locale.
  for (const name of [...files.keys()].sort()) digest.update(name).update(files.get(name)!);
  // each document with the placeholder where the hash goes, made again when it is written
  for (const page of ctx.pages!) digest.update(page.html(HASH_PLACEHOLDER));
  ctx.compilationHash = digest.digest('hex').slice(0, 20);
  files.set(appDataUrl(), json({ compilationHash: ctx.compilationHash } satisfies AppData));
  return files;
}

/**
 * Starts making the folders emit will write into (two per page: `p/1/` and `page-data/p/1/`),
 * while Vite bundles and pages render: making 20,000 folders is a good part of writing them.
 */
export function makeFoldersAhead(ctx: BuildContext): NonNullable<BuildContext['folders']> {
  const into = folders(ctx.stagingDir);
  const dirs = new Set<string>();
  const add = (url: string) => dirs.add(path.dirname(path.join(ctx.stagingDir, url)));
  for (const route of ctx.routes!) {
    add(`/${htmlFileOf(route.path)}`);
    add(pageDataUrl(route.path));
  }
  if (ctx.loaded.site.staticQueries.length > 0) add(staticQueryUrl('x'));
  if (ctx.slices!.length > 0) add(sliceDataUrl('x'));
  return { into, ...makeFolders(into, [...dirs]) };
}

/** Stage "emit": writes the output files and the site's assets into the staging folder. */
export async function emitFiles(ctx: BuildContext): Promise<void> {
  await ctx.images?.ready(); // the images made while the pages rendered, copied below
  // Each page's final HTML is made as it is written, not all 10,000 held at once.
  const files: Map<string, FileContents> = dataFiles(ctx);
  for (const page of ctx.pages!) files.set(htmlUrlOf(page), () => pageHtml(ctx, page));
  if (await outputUpToDate(ctx, files)) return;

  // Sizes and the worker's precache revisions come from the bytes as they are written: no file
  // is read back (reading and hashing 20,000 files again took ~5 s at 10,000 pages).
  const bytes: OutputBytes = { html: 0, js: 0, css: 0, json: 0, other: 0 };
  const precache = new Map<string, string>();
  const writing = new Map<string, FileContents>();
  // Compressed on libuv's threads while the files are written; a failure only loses the figure.
  const zipped = gzipSizes(ctx.stagingDir, ctx.client).catch(() => undefined);
  const tick = progressCounter(ctx.reporter, 'emit', files.size);
  for (const [name, contents] of files) {
    writing.set(name, () => {
      const made = typeof contents === 'function' ? contents() : contents;
      const data = typeof made === 'string' ? Buffer.from(made) : made;
      if (name.endsWith('.html')) bytes.html += data.byteLength;
      else if (name.endsWith('.json')) bytes.json += data.byteLength;
      else bytes.other += data.byteLength;
      const file = name.slice(1);
      if (isPrecached(file)) precache.set(file, md5(data));
      tick();
      return data;
    });
  }
  try {
    const pagesToo = compressesPages(ctx.compress, ctx.pages!.length);
    await writeFiles(
      ctx.folders?.into ?? ctx.stagingDir,
      writing,
      pagesToo ? writeSiblings : undefined,
    );
    if (ctx.compress !== 'none') await compressWritten(ctx.stagingDir, ctx.client!.files);
    for (const asset of copiedFolders(ctx)) {
      const target = path.join(ctx.stagingDir, asset.to);
      await cp(asset.from, target, { recursive: true });
      await hashCopied(ctx.stagingDir, target, precache);
    }
  } catch (error) {
    throw new SsgError('EMIT_FAILED', `Writing the output failed: ${(error as Error).message}`, {
      hint: 'Check that the output folder is writable and the disk has room; the previous output was left untouched.',
      cause: error,
    });
  }
  for (const asset of ctx.client!.files) {
    const { size } = await stat(path.join(ctx.stagingDir, asset));
    if (isScript(asset)) bytes.js += size;
    else bytes.other += size;
  }
  bytes.css = Buffer.byteLength(ctx.client?.styles ?? '');
  bytes.gzip = await zipped;
  ctx.bytes = bytes;
  ctx.precache = precache;
}

const isScript = (file: string): boolean => /\.m?js$/.test(file);

/**
 * Gzipped sizes of the client's scripts (a few files, read back) and of the inlined stylesheet;
 * the HTML is not compressed: at 10,000 pages that would cost seconds.
 */
async function gzipSizes(
  stagingDir: string,
  client: ClientBundle | undefined,
): Promise<{ js: number; css: number }> {
  const scripts = (client?.files ?? []).filter(isScript);
  const sizes = await Promise.all(
    scripts.map(
      async (file) => (await gzipped(await readFile(path.join(stagingDir, file)))).byteLength,
    ),
  );
  const css = client?.styles ? (await gzipped(client.styles)).byteLength : 0;
  return { js: sizes.reduce((sum, size) => sum + size, 0), css };
}

/** Copied assets the worker precaches (an HTML file among images, say): read and hashed once. */
async function hashCopied(root: string, target: string, precache: Map<string, string>) {
  const info = await stat(target);
  const files = info.isDirectory()
    ? (await readdir(target, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [target];
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (isPrecached(rel)) precache.set(rel, md5(await readFile(file)));
  }
}
