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
 * The build consults it only through `withCache` and `IncrementalCache` (cache.ts): the reuse each
 * stage declares (`ClientReuse`, `RenderReuse`, `EmitReuse`; `ConfigReuse` before it opens),
 * implemented here; no stage imports this folder.
 */
import type { ConfigReuse } from '../config/index.ts';
import { toolHash } from './tool-hash.ts';

export type { CacheSite, FinishedBuild, IncrementalCache, Reused } from './cache.ts';
export { cacheFileOf } from './cache-file.ts';
export { type CachedWork, withCache } from './with-cache.ts';

/** What stage "config" asks, before the cache of an output folder is opened: the tool hash. */
export const configReuse: ConfigReuse = { toolHash };
