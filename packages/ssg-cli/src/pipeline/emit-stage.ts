// Stage "emit" as the build runs it: the output in memory, then, unless the output folder
// already holds exactly it, the files, the host config and the recent builds' chunks.

import { emitHostConfig } from '../host/emit-host.ts';
import type { ImagePipeline } from '../image/pipeline.ts';
import type { CspSettings } from '../shared/csp.ts';
import { compressedDirOf } from './compress-memo.ts';
import type { ResolvedSite } from './config.ts';
import { copiedFolders } from './copied-folders.ts';
import { type OutputInput, outputOf, writeOutput } from './emit.ts';
import type { IncrementalCache } from './incremental/index.ts';
import { keepRecentChunks } from './keep-builds.ts';
import { offlinePageOf } from './offline-page.ts';
import type { Placed } from './reuse-files.ts';
import type { BuildReporter, OutputBytes } from './types.ts';
import type { FileWriter } from './write-files.ts';

export interface EmitInput extends Omit<OutputInput, keyof ResolvedSite> {
  csp?: CspSettings;
  hsts?: string;
  /** The staging folder's writer (made folders ahead on a cold build). */
  writer?: FileWriter;
  reporter?: BuildReporter;
  /** The image service of the content: its files are made by now, or made here, then copied. */
  images?: ImagePipeline;
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
  warnings: string[];
}

/** Stage "emit": the host config and the previous builds' chunks are output too. */
export async function emit(
  site: ResolvedSite,
  input: EmitInput,
  cache: IncrementalCache,
): Promise<Emitted> {
  const memo = cache.compilationMemo(JSON.stringify([input.csp ?? null, site.serviceWorker]));
  const output = outputOf({ ...site, ...input, memo });
  const { compilationHash } = output;
  const emitted = [...output.files.keys()];
  await input.images?.ready(); // the images made while the pages rendered, copied below
  const copied = copiedFolders(site, input.content, input.images);
  const bytes = await cache.upToDate(compilationHash, emitted, copied, output.same !== undefined);
  if (bytes) {
    const none = {
      precache: new Map(),
      revisions: new Map(),
      linked: new Set<string>(),
      stamps: new Map(),
    };
    const warnings = output.finish();
    return { compilationHash, bytes, ...none, written: [], upToDate: true, warnings };
  }
  const { stagingDir, compress } = site;
  const client = input.client;
  const reuse = await cache.reuse();
  const compressedDir = compressedDirOf(site.root);
  const write = { ...input, stagingDir, compress, client, copied, reuse, compressedDir };
  const written = await writeOutput(output, write);
  const warnings = output.finish();
  const host = await emitHostConfig({
    ...site,
    ...input,
    pages: input.rendered.pages,
    compilationHash,
    offlineHtml: site.serviceWorker ? offlinePageOf(site.loaded.site, input.csp) : undefined,
  });
  const kept = await keepRecentChunks({ ...site, compilationHash });
  return {
    ...written,
    compilationHash,
    written: [...host, ...kept.written],
    upToDate: false,
    warnings,
  };
}
