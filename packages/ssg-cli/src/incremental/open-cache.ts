// The incremental cache of one output folder opened: the saved state read, the output folder's
// check started, and the reuse of every stage answered from them (cache.ts declares it).
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ClientBundle } from '../bundle/index.ts';
import type { Memo } from '../emit/index.ts';
import { BodyStore } from './body-store.ts';
import type { CacheSite, IncrementalCache } from './cache.ts';
import {
  cacheFileOf,
  discardScratch,
  readCache,
  type SavedClient,
  writeCache,
  writePagesAhead,
} from './cache-file.ts';
import { recordClient, reuseClient } from './client-cache.ts';
import { compilationMemo } from './hash-memo.ts';
import { patchOf } from './output-patch.ts';
import { checkOutput, recordOutput, revisionIn } from './output-record.ts';
import { optionsKey, outputUpToDate } from './output-seal.ts';
import { PageCache } from './page-cache.ts';
import { clientKey, keepSharedClient, sharedChunk, sharedClient } from './shared-client.ts';
import { toolHash } from './tool-hash.ts';

/** Reads the cache of the site's output folder; a missing, unreadable or older-tool cache is empty. */
export async function openIncremental(site: CacheSite): Promise<IncrementalCache> {
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
    hadOutput: outputThere,
    async reuseClient() {
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
    storeClient(bundle, inputs) {
      vite = { bundle, inputs };
    },
    async upToDate(compilationHash, names, assets, same) {
      options = await optionsKey(tool, { ...site, assets });
      const now = { compilationHash, options, names, same };
      upToDate = outputUpToDate(saved.last, now, await changed);
      return upToDate ? saved.last?.bytes : undefined;
    },
    async patch(query) {
      return patchOf(saved.last, { ...query, options }, await changed);
    },
    lastInline: () => saved.last?.inline,
    async reuse() {
      const files = saved.last?.files;
      const gone = await changed;
      if (!files || !gone) return undefined;
      return (name, revision) => {
        const entry = files[name];
        const same = entry !== undefined && revisionIn(entry) === revision && !gone.has(name);
        return same ? path.join(site.outDir, name) : undefined;
      };
    },
    forRender: (inputs) => pages.forRender(inputs),
    unchanged: (path) => pages.unchanged(path),
    compilationMemo: (documentOptions) =>
      compilationMemo(pages, saved.last, documentOptions, (made) => {
        memo = made;
      }),
    // the page half of the cache is written while emit waits on the disk
    rendered() {
      store.flush();
      if (pages.allReused && store.file === previousFile) return;
      ahead = writePagesAhead(file, pages.pages);
      ahead.catch(() => {}); // awaited by save, or by discard after a failure
    },
    async save(build) {
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
    async discard() {
      closeStores();
      if (store.file !== previousFile) await rm(store.file, { force: true });
      await discardScratch(ahead);
    },
    reused: () => ({
      pages: pages.reused,
      client: client !== undefined && !vite,
      output: upToDate,
    }),
  };
}
