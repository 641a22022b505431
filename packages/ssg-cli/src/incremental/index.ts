/**
 * Incremental builds: one cache file per output folder, in the site's node_modules/.ssg/, holds
 * - each page's render output (the body, before the document around it) under a key of what the
 *   render read (page-cache.ts): keys and a reference in memory, the bodies in a store file that
 *   is appended to and read from while pages render and their documents are made (body-store.ts);
 * - the client bundle and the digest of every file Vite read for it, so an unchanged client skips
 *   Vite and takes the previous output's chunks (client-cache.ts), or another output folder's
 *   from the site's shared store (shared-client.ts);
 * - the last build written to that folder and a record of each file it placed there: when a build
 *   would write exactly the same output the folder is left as it is (output-seal.ts), and a file
 *   whose bytes are unchanged is linked from it rather than written (output-record.ts).
 * The document around each page is always made again, so client chunks and options need no key.
 * Nothing is trusted blindly: a cache entry only ever stands for a render of the same inputs.
 * The build consults it through `IncrementalCache` only.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ClientBundle } from '../bundle/client.ts';
import type { OutputBytes } from '../types.ts';
import { BodyStore } from './body-store.ts';
import {
  cacheFileOf,
  discardScratch,
  readCache,
  type SavedClient,
  writeCache,
  writePagesAhead,
} from './cache-file.ts';
import { type ClientFolders, recordClient, reuseClient } from './client-cache.ts';
import { compilationMemo, type Memo } from './hash-memo.ts';
import type { InlineRecord } from './inline-record.ts';
import { type Patch, type PatchQuery, patchOf } from './output-patch.ts';
import { checkOutput, type PlacedOutput, recordOutput, revisionIn } from './output-record.ts';
import { type OptionsInput, optionsKey, outputUpToDate } from './output-seal.ts';
import { PageCache } from './page-cache.ts';
import { clientKey, keepSharedClient, sharedChunk, sharedClient } from './shared-client.ts';
import { toolHash } from './tool-hash.ts';

export { cacheFileOf } from './cache-file.ts';
export type { PageReuse } from './page-cache.ts';
export { toolHash } from './tool-hash.ts';

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

export type IncrementalCache = Awaited<ReturnType<typeof openIncremental>>;

/** Reads the cache of the site's output folder; a missing, unreadable or older-tool cache is empty. */
export async function openIncremental(site: CacheSite) {
  const file = cacheFileOf(site);
  const tool = await toolHash(site.root);
  const saved = await readCache(file, tool, site.force);
  const previousFile = saved.bodies?.file;
  const store = BodyStore.open(file, previousFile, saved.bodies?.live ?? 0);
  const previous =
    previousFile && store.file !== previousFile ? new BodyStore(previousFile, 0) : undefined;
  const pages = new PageCache(saved.pages, site.codeHash, site.trailingSlash, { store, previous });
  const outputThere = saved.last !== undefined && existsSync(site.outDir);
  // the folder is checked against the record while content loads (a worker thread)
  const changed = outputThere ? checkOutput(site.outDir, saved.last?.files) : undefined;
  const closeStores = () => {
    store.close();
    previous?.close();
  };
  let keyOfClient: Promise<string> | undefined;
  const clientKeyOnce = () => {
    keyOfClient ??= clientKey(site.root, tool, site.configUrl);
    return keyOfClient;
  };
  let client: SavedClient | undefined;
  let vite: { bundle: ClientBundle; inputs: string[] } | undefined;
  let upToDate = false;
  let ahead: Promise<string | undefined> | undefined;
  let options = '';
  let memo: Memo | undefined;
  return {
    pages,
    /** An earlier build wrote this output folder, and it is still there. */
    hadOutput: outputThere,
    /** The saved client bundle, its chunks copied into the staging folder; none: Vite must run. */
    async reuseClient(): Promise<ClientBundle | undefined> {
      const key = await clientKeyOnce();
      const mine = saved.client?.key === key ? saved.client : undefined;
      const own = await reuseClient(mine, site);
      if (own) client = saved.client;
      if (own || site.force) return own;
      // another output folder of the site (another brand, a new folder) made this client already
      const shared = await sharedClient(site.root, key);
      const bundle = await reuseClient(shared, site, sharedChunk(site.root));
      if (bundle) client = shared;
      return bundle;
    },
    /** The bundle Vite made and the files it read, recorded once the output is in place. */
    storeClient(bundle: ClientBundle, inputs: string[]): void {
      vite = { bundle, inputs };
    },
    /**
     * The bytes of the output when the folder already holds exactly this build (`names`: emit's
     * files; `assets`: the folders copied into the output; `same`: the hash memo's answer); none
     * otherwise.
     */
    async upToDate(
      compilationHash: string,
      names: readonly string[],
      assets: OptionsInput['assets'],
      same: boolean,
    ) {
      options = await optionsKey(tool, { ...site, assets });
      const now = { compilationHash, options, names, same };
      upToDate = outputUpToDate(saved.last, now, await changed);
      return upToDate ? saved.last?.bytes : undefined;
    },
    /**
     * What this build keeps of the output folder when it updates it in place (after `upToDate`,
     * which keys the options); none: it writes a whole new folder.
     */
    async patch(query: Omit<PatchQuery, 'options'>): Promise<Patch | undefined> {
      return patchOf(saved.last, { ...query, options }, await changed);
    },
    /** The last build's inline code sources of each page (a patch's kept pages take theirs). */
    lastInline: () => saved.last?.inline,
    /** Where to link an unchanged file from: the last output's copy, if untouched since. */
    async reuse(): Promise<((name: string, revision: string) => string | undefined) | undefined> {
      const files = saved.last?.files;
      const gone = await changed;
      if (!files || !gone) return undefined;
      return (name, revision) => {
        const entry = files[name];
        const same = entry !== undefined && revisionIn(entry) === revision && !gone.has(name);
        return same ? path.join(site.outDir, name) : undefined;
      };
    },
    /** Whether this build's output is made of exactly what the last one's was. */
    compilationMemo: (documentOptions: string) =>
      compilationMemo(pages, saved.last, documentOptions, (made) => {
        memo = made;
      }),
    /** Starts writing the page half of the cache while emit waits on the disk. */
    savePagesAhead(): void {
      store.flush();
      if (pages.allReused && store.file === previousFile) return;
      ahead = writePagesAhead(file, pages.pages);
      ahead.catch(() => {}); // awaited by save, or by discard after a failure
    },
    /** After the output is in place: what the next build into the same folder can reuse. */
    async save(build: FinishedBuild): Promise<void> {
      const scratch = await ahead;
      closeStores();
      // Nothing rendered, bundled or written: the saved state is still exact.
      if (!scratch && upToDate && client && pages.allReused) return;
      if (!client && vite) {
        const key = await clientKeyOnce();
        client = { ...(await recordClient(vite.bundle, vite.inputs, site)), key };
        await keepSharedClient(site.root, key, client, site.outDir);
      }
      const before = saved.last?.files ?? {};
      const last = {
        compilationHash: build.compilationHash,
        options,
        files: upToDate ? Object.entries(before) : recordOutput(site.outDir, before, build),
        bytes: build.bytes,
        memo,
        inline: upToDate ? saved.last?.inline : build.inline,
      };
      const bodies = { file: store.file, live: store.live };
      await writeCache(file, pages.pages, { tool, bodies, client, last }, scratch);
      store.removeOthers(file); // the index names this generation now
    },
    /** After a failed build: the scratch file of the cache goes too, and a new body store. */
    async discard(): Promise<void> {
      closeStores();
      if (store.file !== previousFile) await rm(store.file, { force: true });
      await discardScratch(ahead);
    },
    /** What this build took from the previous one. */
    reused: () => ({
      pages: pages.reused,
      client: client !== undefined && !vite,
      output: upToDate,
    }),
  };
}
