// Which modules join the entry chunk of the browser bundle: code every first load runs, in one request.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATIC_SOURCE } from './static-parts.ts';
import { CLIENT_ENTRY_ID } from './vite-config.ts';

/** The runtime's own folder (dist/runtime, or src/runtime under the tests), as bundler ids write it. */
const RUNTIME_DIR = fileURLToPath(new URL('../runtime/', import.meta.url))
  .split(path.sep)
  .join('/');

/** The name Vite gives the entry chunk (`app-[hash].js`); a group with the entry in it is the entry. */
const ENTRY_CHUNK = 'app';

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/**
 * Whether only static parts' code reaches a module: in the browser their code is left out, so all
 * that stays of the module is its CSS (in the one stylesheet) and nothing to run. In a chunk of its
 * own it would be an empty file that pages still request.
 */
function onlyStaticReach(id: string, graph: ModuleGraph, seen: Set<string>): boolean {
  if (id.endsWith(STATIC_SOURCE)) return true;
  if (seen.has(id)) return true; // a cycle adds no other way in
  seen.add(id);
  const info = graph.getModuleInfo(id);
  if (!info) return false;
  const from = [...info.importers, ...info.dynamicImporters];
  return from.length > 0 && from.every((importer) => onlyStaticReach(importer, graph, seen));
}

/**
 * The entry's group of rolldown's `codeSplitting`: the entry, the static parts' runtime (only page
 * chunks import it, so on its own it would be one more chunk that every page with a static part
 * loads on its first paint) and the modules that only static parts import (nothing of them runs).
 */
export function entryChunkOf(id: string, graph: ModuleGraph): string | undefined {
  if (id.includes(CLIENT_ENTRY_ID)) return ENTRY_CHUNK;
  const file = id.split('?')[0] ?? id;
  if (file.startsWith(RUNTIME_DIR) && path.basename(file).startsWith('static')) return ENTRY_CHUNK;
  // stylesheets stay where they are: the one stylesheet joins them in chunk order
  if (/\.(js|jsx|ts|tsx|mjs|mts)$/.test(file) && !file.includes('/node_modules/')) {
    if (!id.endsWith(STATIC_SOURCE) && onlyStaticReach(id, graph, new Set())) return ENTRY_CHUNK;
  }
  return undefined;
}
