/**
 * Stage "bundle": Vite builds the site's code, in a child process (process.ts forks child.ts,
 * which runs job.ts; BuildSwitches.bundleProcess `false` runs the jobs here instead).
 * - The server render's bundle (server.ts), made at stage "config" unless server-cache.ts finds
 *   the previous one still good: the site's code the pages render with.
 * - The client bundle (client.ts): the browser code, one chunk per component, into the staging
 *   folder; skipped when the incremental cache holds an unchanged one. When stage "config" made
 *   the server bundle, Vite goes straight on to the client, into a folder of its own whose files
 *   are then moved into the staging folder (client-ahead.ts).
 * Both start from one Vite configuration (vite-config.ts), which `ssg dev` serves from too.
 */

import { type ClientBundle, readManifest } from './client.ts';
import type { Bundler } from './process.ts';
import type { SiteFiles } from './vite-config.ts';

export type { ClientBundle } from './client.ts';
export { type Bundler, startBundler } from './process.ts';

export interface BundleInput {
  root: string;
  files: SiteFiles;
  configUrl?: string;
  /** The build's staging folder: the chunks are written there. */
  stagingDir: string;
  /** Source file of each component name, from the server bundle. */
  componentFiles: Record<string, string>;
}

/** What the stage made: the bundle, the files Vite read (for the cache), Vite's warnings. */
export interface BundledClient {
  client: ClientBundle;
  inputs: string[];
  warnings: string[];
}

/** Stage "bundle": the client bundle from Vite; the bundler is stopped when it is done. */
export async function bundleClient(input: BundleInput, bundler: Bundler): Promise<BundledClient> {
  const built = await bundler.client({
    root: input.root,
    files: input.files,
    configUrl: input.configUrl,
    outDir: input.stagingDir,
  });
  await bundler.stop();
  const { packageDir } = input.files;
  const client = readManifest(built.manifest, packageDir, input.componentFiles, built.styles);
  return { client, inputs: built.inputs, warnings: built.warnings };
}

/** What the bundle stage asks of the incremental cache. */
export interface ClientReuse {
  /** The previous bundle, its chunks copied into the staging folder, when nothing it read changed. */
  reuseClient(): Promise<ClientBundle | undefined>;
  /** Vite's new bundle and the files it read, for the next build. */
  storeClient(client: ClientBundle, inputs: string[]): void;
}

/**
 * The client bundle of a build: the previous one when it is unchanged (Vite's process is then
 * stopped unused), otherwise Vite's, which the cache records.
 */
export async function bundleOrReuse(
  input: BundleInput,
  bundler: Bundler,
  cache: ClientReuse,
): Promise<BundledClient> {
  const reused = await cache.reuseClient();
  if (reused) {
    // not awaited: it only has to go, and it writes nothing once it has no job
    void bundler.stop();
    return { client: reused, inputs: [], warnings: [] };
  }
  const made = await bundleClient(input, bundler);
  cache.storeClient(made.client, made.inputs);
  return made;
}
