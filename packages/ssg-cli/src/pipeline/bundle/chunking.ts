// Which modules join the entry chunk of the browser bundle: code every first load runs, in one request.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_ENTRY_ID } from './vite-config.ts';

/** The runtime's own folder (dist/runtime, or src/runtime under the tests). */
const RUNTIME_DIR = fileURLToPath(new URL('../../runtime/', import.meta.url))
  .split(path.sep)
  .join('/');

/** The name Vite gives the entry chunk (`app-[hash].js`); a manual chunk with the entry in it is the entry. */
const ENTRY_CHUNK = 'app';

/**
 * Rollup's `manualChunks`: the static parts' runtime (static.tsx and its helpers) goes in the entry
 * chunk. Only page chunks import it, so on its own it would be one more chunk of ~1 KB that every
 * page with a static part (all of them, with a static footer) loads on its first paint.
 */
export function entryChunkOf(id: string): string | undefined {
  if (id.includes(CLIENT_ENTRY_ID)) return ENTRY_CHUNK;
  const file = id.split('?')[0] ?? id;
  if (file.startsWith(RUNTIME_DIR) && path.basename(file).startsWith('static')) return ENTRY_CHUNK;
  return undefined;
}
