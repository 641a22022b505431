// The client half of the cache: when no file the previous client bundle read has changed and
// its chunks are still in the output as written, the bundle is taken over without Vite.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientBundle } from '../bundle/client.ts';
import { clientEntrySource, type SiteFiles } from '../bundle/vite-config.ts';
import { diskError } from '../output/disk-error.ts';
import { digestInputs, type InputStamps } from '../shared/input-digest.ts';
import type { SavedClient } from './cache-file.ts';
import { sha } from './digest.ts';

/** Where the client's chunks are read from and copied to. */
export interface ClientFolders {
  files: SiteFiles;
  outDir: string;
  stagingDir: string;
}

async function clientFingerprint(
  files: SiteFiles,
  inputs: readonly string[],
  known?: InputStamps,
): Promise<{ fingerprint: string; stamps: InputStamps }> {
  const { digest, stamps } = await digestInputs(inputs, known);
  const fingerprint = createHash('sha256').update(clientEntrySource(files)).update(digest);
  return { fingerprint: fingerprint.digest('hex'), stamps };
}

/**
 * Stage "bundle" without Vite: when every file the saved client bundle read is unchanged and
 * its chunks are still as written (in the output folder, or the shared store), they are copied
 * into the staging folder.
 */
export async function reuseClient(
  saved: SavedClient | undefined,
  site: ClientFolders,
  /** Where a chunk is read from: the output folder's copy, or the site's shared store's. */
  from: (url: string, digest: string) => string = (url) => path.join(site.outDir, url),
): Promise<ClientBundle | undefined> {
  if (!saved) return undefined;
  const now = await clientFingerprint(site.files, saved.inputs, saved.stamps);
  if (now.fingerprint !== saved.fingerprint) return undefined;
  const contents = new Map<string, Buffer>();
  for (const [url, digest] of Object.entries(saved.files)) {
    const data = await readFile(from(url, digest)).catch(() => undefined);
    if (!data || sha(data) !== digest) return undefined;
    contents.set(url, data);
  }
  try {
    for (const [url, data] of contents) {
      const target = path.join(site.stagingDir, url);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    }
  } catch (error) {
    throw diskError(error, site.outDir) ?? error; // a full disk is the output's error, as Vite's is
  }
  return saved.bundle;
}

/** After Vite ran and the output is in place: the fingerprint of what it read and the digests of what it wrote. */
export async function recordClient(
  bundle: ClientBundle,
  inputs: string[],
  site: Pick<ClientFolders, 'files' | 'outDir'>,
): Promise<SavedClient> {
  const files: Record<string, string> = {};
  for (const url of bundle.files) files[url] = sha(await readFile(path.join(site.outDir, url)));
  const { fingerprint, stamps } = await clientFingerprint(site.files, inputs);
  return { fingerprint, inputs, stamps, bundle, files };
}
