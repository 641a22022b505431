// The import arrows between the folders of the CLI's and the loader's sources point one way.
// Real: the source files on disk, read as text; nothing is faked.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packages = fileURLToPath(new URL('../../', import.meta.url));
const SOURCES = ['ssg-cli/src', 'loader/src'];
/** `from './x.ts'`, `import('./x.ts')`, `import './x.ts'`: relative specifiers only. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The room of a source file: its first folder under src/, or the file itself at the top. */
const roomOf = (src: string, file: string): string => {
  const [first = '', ...rest] = path.relative(src, file).split(path.sep);
  return rest.length > 0 ? `${first}/` : first;
};

/** Folder → folders it imports from, over every non-test source file. */
export function folderGraph(src: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(tsx?|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  for (const file of files) {
    const from = roomOf(src, file);
    const arrows = graph.get(from) ?? new Set<string>();
    graph.set(from, arrows);
    for (const [, spec = ''] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = roomOf(src, path.resolve(path.dirname(file), spec));
      if (to !== from) arrows.add(to);
    }
  }
  return graph;
}

/** Every cycle of the graph, each as the list of rooms around it (first one repeated at the end). */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      cycles.push([...trail.slice(at), node]);
      return;
    }
    if (seen.has(node)) return;
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    seen.add(node);
  };
  for (const node of [...graph.keys()].sort()) visit(node, []);
  return cycles;
}

describe('folder import cycles', () => {
  it('finds a cycle in a made-up graph, and none in a one-way one', () => {
    const cyclic = new Map([
      ['host/', new Set(['pipeline/'])],
      ['pipeline/', new Set(['host/'])],
    ]);
    expect(cyclesOf(cyclic)).toEqual([['host/', 'pipeline/', 'host/']]);
    expect(cyclesOf(new Map([['pipeline/', new Set(['host/'])]]))).toEqual([]);
  });

  for (const src of SOURCES) {
    it(`has no cycle between the folders of packages/${src}`, () => {
      const cycles = cyclesOf(folderGraph(path.join(packages, src)));
      expect(cycles.map((cycle) => cycle.join(' → '))).toEqual([]);
    });
  }
});
