// Stage "emit" as the build runs it: the output in memory, then, unless the output folder
// already holds exactly it, the files, the host config and the recent builds' chunks.

import { appDataUrl } from '@ssg/loader/contract';
import type { ResolvedSite } from '../config/index.ts';
import { emitHostConfig } from '../host/emit-host.ts';
import type { ImagePipeline } from '../image/pipeline.ts';
import type { FileWriter } from '../output/index.ts';
import type { RenderedPage } from '../render/index.ts';
import { md5, precachedPageFiles } from '../service-worker/index.ts';
import type { CspSettings } from '../shared/csp.ts';
import { matchPathsOf } from '../shared/match-path-list.ts';
import type { BuildReporter, OutputBytes } from '../types.ts';
import { brokenLinkWarnings } from './broken-links.ts';
import { compressesPages } from './compress.ts';
import { compressedDirOf } from './compress-memo.ts';
import { leftOutNotes, resolveCopied } from './copied-files.ts';
import { copiedFolders } from './copied-folders.ts';
import { type InlineRecord, inlineRecorder } from './inline-record.ts';
import { keepRecentChunks } from './keep-builds.ts';
import { filesOfPage, type OutputInput, outputOf } from './output.ts';
import { proxyLibFiles } from './proxy-lib.ts';
import type { EmitReuse } from './reuse.ts';
import type { Placed } from './reuse-files.ts';
import { writeOutput } from './write-output.ts';

export interface EmitInput extends Omit<OutputInput, keyof ResolvedSite> {
  csp?: CspSettings;
  hsts?: string;
  /** The staging folder's writer (made folders ahead on a cold build); closed once emit is done. */
  writer?: FileWriter;
  reporter?: BuildReporter;
  /** The image service of the content: its files are made by now, or made here, then copied. */
  images?: ImagePipeline;
  /** The service worker's offline page (made once per build): the host's policies cover it. */
  offlineHtml: string;
  /** The client's siblings, started once it was bundled (`clientSiblingsAhead`). */
  clientSiblings?: Promise<void> | undefined;
}

/** What stage "emit" made. */
export interface Emitted extends Placed {
  compilationHash: string;
  bytes: OutputBytes;
  /** Output-relative path → MD5 of each file the worker precaches. */
  precache: ReadonlyMap<string, string>;
  /** Names the host config and the recent builds' chunks wrote. */
  written: string[];
  /** The output folder already held exactly this build: nothing was written. */
  upToDate: boolean;
  /**
   * Set when the staging folder holds only the files that changed: they are moved into the output
   * folder in place, and the `gone` ones (URL paths) deleted from it (patch.ts).
   */
  patch?: { gone: string[] };
  /** Each page's inline code sources, when the site sends a policy: kept for the next build. */
  inline?: InlineRecord | undefined;
  warnings: string[];
}

/** Stage "emit": the host config and the previous builds' chunks are output too. */
export async function emit(
  site: ResolvedSite,
  input: EmitInput,
  cache: EmitReuse,
): Promise<Emitted> {
  try {
    return await emitFiles(site, input, cache);
  } finally {
    await input.writer?.close(); // emit is its last user: its thread goes before the worker is made
  }
}

async function emitFiles(site: ResolvedSite, input: EmitInput, cache: EmitReuse): Promise<Emitted> {
  // what every document and file of the output is made with besides its own inputs
  const pagesCompressed = compressesPages(site.compress, input.rendered.pages.length);
  const options = [input.csp ?? null, site.serviceWorker, pagesCompressed];
  const memo = cache.compilationMemo(JSON.stringify(options));
  const output = outputOf({ ...site, ...input, memo });
  const { compilationHash } = output;
  const emitted = output.names;
  await input.images?.ready(); // the images made while the pages rendered, copied below
  const proxyLib = proxyLibFiles(input.rendered.pages, { ...site.files, root: site.root });
  const folders = [...copiedFolders(site, input.content, input.images), ...proxyLib];
  const copies = await resolveCopied(folders, site);
  const copied = copies.files;
  const broken = brokenLinks(input, emitted, copied);
  const bytes = await cache.upToDate(compilationHash, emitted, copied, output.same !== undefined);
  if (bytes) {
    // the output already holds the client's siblings; the staging folder's copy only has to settle
    await input.clientSiblings?.catch(() => {});
    const none = {
      precache: new Map(),
      revisions: new Map(),
      linked: new Set<string>(),
      stamps: new Map(),
    };
    const warnings = [...output.finish(), ...leftOutNotes(copies), ...broken];
    return { compilationHash, bytes, ...none, written: [], upToDate: true, warnings };
  }
  const { stagingDir, compress } = site;
  const client = input.client;
  const unchangedAt = (path: string) => cache.unchanged(path);
  const unchanged = (page: RenderedPage) => unchangedAt(page.route.path);
  // no frame, no patch (patchOf): a cold build's 200,000 page files are not listed for nothing
  const dirty =
    output.frame === undefined ? new Set<string>() : dirtyFiles(input.rendered.pages, unchanged);
  // app-data's build id digests the data files as this build makes them: never kept as it was
  dirty.add(appDataUrl());
  const made = new Map<string, string>();
  for (const [name, contents] of output.fixed)
    if (typeof contents !== 'function') made.set(name, md5(contents));
  const query = { frame: output.frame, compilationHash, names: emitted, made, dirty };
  const patch = await cache.patch(query);
  const reuse = patch ? undefined : await cache.reuse();
  const compressedDir = compressedDirOf(site.root);
  const kept = patch?.kept;
  const precachedPages = precachedPageFiles(input.routes.routes.map((route) => route.path));
  const where = { stagingDir, compress, copied, reuse, compressedDir };
  const write = { ...input, ...where, client, kept, precachedPages };
  const written = await writeOutput(output, write);
  const finished = [...output.finish(patch && unchangedAt), ...leftOutNotes(copies), ...broken];
  const inline = inlineRecorder(patch ? cache.lastInline() : undefined);
  const host = await emitHostConfig({
    ...site,
    ...input,
    pages: input.rendered.pages,
    inlineOf: (page) =>
      inline.sources(page.route.path, patch !== undefined && unchanged(page), page.inline),
    offlineHtml: site.serviceWorker ? input.offlineHtml : undefined,
  });
  const chunks = await keepRecentChunks({ ...site, compilationHash });
  // the one change of a deploy a running nginx cannot see by itself
  const warnings = host.reload ? [...finished, host.reload] : finished;
  return {
    ...written,
    compilationHash,
    written: [...host.written, ...chunks.written],
    upToDate: false,
    ...(patch ? { patch: { gone: patch.gone } } : {}),
    inline: inline.record(),
    warnings,
  };
}

/** Every page's site links checked against the pages, client-only routes and files of this output. */
function brokenLinks(
  input: EmitInput,
  emitted: readonly string[],
  copied: ReadonlyArray<{ to: string }>,
): string[] {
  const { pages } = input.rendered;
  // emit's names are URL paths already: only the few others are made so, not 200,000 copies
  const others = [...copied.map((c) => c.to), ...input.client.files];
  const files = others.map((name) => `/${name.replace(/^\/+/, '')}`);
  return brokenLinkWarnings({
    // read twice, one small object at a time: no list of 100,000 held
    pages: {
      *[Symbol.iterator]() {
        for (const page of pages) yield { path: page.route.path, links: page.links };
      },
    },
    files: (function* () {
      yield* emitted;
      yield* files;
    })(),
    matchPaths: matchPathsOf(input.routes.routes),
  });
}

/**
 * Files whose bytes the output's frame does not vouch for: those of the pages rendered from new
 * inputs (the frame holds every other file's bytes).
 */
function dirtyFiles(
  pages: readonly RenderedPage[],
  unchanged: (page: RenderedPage) => boolean,
): Set<string> {
  const dirty = new Set<string>();
  for (const page of pages)
    if (!unchanged(page)) for (const name of filesOfPage(page)) dirty.add(name);
  return dirty;
}
