// The incremental cache as the build sees it: the reuse each stage declares, implemented over the
// cache file (open-cache.ts), and what the build does with the cache around the stages.
import type { ClientReuse } from '../bundle/index.ts';
import type { EmitReuse, InlineRecord } from '../emit/index.ts';
import type { RenderReuse } from '../render/index.ts';
import type { OutputBytes } from '../types.ts';
import type { ClientFolders } from './client-cache.ts';
import type { PlacedOutput } from './output-record.ts';
import type { OptionsInput } from './output-seal.ts';

/** What the cache needs to know of the site being built. */
export interface CacheSite extends ClientFolders, Omit<OptionsInput, 'assets'> {
  root: string;
  force: boolean;
  codeHash: string;
  /** The compiled config's URL (named by the digest of its code): part of the shared client's key. */
  configUrl?: string | undefined;
}

/** The finished build, as the next one will compare with it. */
export interface FinishedBuild extends PlacedOutput {
  compilationHash: string;
  bytes: OutputBytes;
  /** Each page's inline code sources, when the site sends a policy. */
  inline?: InlineRecord | undefined;
}

/** What a build took from the previous one into the same folder (`BuildResult.reused`). */
export interface Reused {
  pages: number;
  client: boolean;
  output: boolean;
}

/**
 * The cache of one output folder for one build. To the stages it is the reuse each one asks for:
 * `ClientReuse` (bundle: the last client when nothing Vite read changed), `RenderReuse` (render:
 * each page's last output when its inputs are the same) and `EmitReuse` (emit: whether the folder
 * already is this build, what of it a patch keeps, which files to link). Around the stages the
 * build opens it after claiming the output folder, saves it once the output is placed, and drops
 * this build's files of it after a failure (with-cache.ts).
 */
export interface IncrementalCache extends ClientReuse, RenderReuse, EmitReuse {
  /** An earlier build wrote this output folder, and it is still there: most files will be linked. */
  readonly hadOutput: boolean;
  /** After the output is in place: what the next build into the same folder can reuse. */
  save(build: FinishedBuild): Promise<void>;
  /** After a failed build: this build's scratch file and new body store go. */
  discard(): Promise<void>;
  /** What this build took from the previous one. */
  reused(): Reused;
}
