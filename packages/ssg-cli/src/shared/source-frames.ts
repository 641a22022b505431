// A stack frame of the server bundle read back to the site's source file and line, from the map
// written beside each chunk (bundle/server.ts), without turning on source maps for the process.
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Each chunk's map, read once (null: the file has none). */
const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload);
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}

/** `at f (file:///…/chunk.mjs:12:5)` or `at /…/chunk.mjs:12:5`: the file, line and column. */
const FRAME = /(?<file>(?:file:\/\/)?\/[^():]+\.m?js):(?<line>\d+):(?<column>\d+)(?=\)?$)/;

/** The frame with the place in the source its map gives; as it is when there is none. */
export function sourceMapped(frame: string): string {
  const at = FRAME.exec(frame);
  const { file = '', line = '', column = '' } = at?.groups ?? {};
  if (!at) return frame;
  const map = mapOf(file.startsWith('file:') ? fileURLToPath(file) : file);
  const entry = map?.findEntry(Number(line) - 1, Number(column) - 1);
  if (!entry || !('originalSource' in entry) || !entry.originalSource) return frame;
  const source = entry.originalSource.startsWith('file:')
    ? fileURLToPath(entry.originalSource)
    : entry.originalSource;
  const place = `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  return frame.slice(0, at.index) + place + frame.slice(at.index + at[0].length);
}
