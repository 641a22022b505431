// No import circle in the sources of the CLI, the loader and the site: not between folders, not between files.
// Real: the source files on disk, read as text; the made-up circles are sources held in memory.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packages = fileURLToPath(new URL('../../', import.meta.url));
const SOURCES = ['ssg-cli/src', 'loader/src', 'site/src'];
/** `from './x.ts'`, `import('./x.ts')`, `import './x.ts'`: relative specifiers only. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const SOURCE = /\.(tsx?|mts|mjs)$/;
const TEST = /\.test\.tsx?$/;

/** Every non-test source file under `src`, absolute, with its text. */
export function sourcesOf(src: string): Map<string, string> {
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !TEST.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  return new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
}

/** The source file a relative specifier names: as written, or with a TypeScript extension for `.js`. */
const resolveIn = (sources: ReadonlyMap<string, string>, from: string, spec: string) => {
  const target = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
  const candidates = [target, target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx')];
  return candidates.find((file) => sources.has(file)) ?? target;
};

/** Node → nodes it imports from, where `nodeOf` names a file's node (the file, or its folder). */
function importGraph(
  src: string,
  sources: ReadonlyMap<string, string>,
  nodeOf: (src: string, file: string) => string,
  onlySources: boolean,
): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, text] of sources) {
    const from = nodeOf(src, file);
    const arrows = graph.get(from) ?? new Set<string>();
    graph.set(from, arrows);
    for (const [, spec = ''] of text.matchAll(IMPORT)) {
      const target = resolveIn(sources, file, spec);
      if (onlySources && !sources.has(target)) continue; // CSS, images, JSON: no code, no circle
      const to = nodeOf(src, target);
      if (to !== from) arrows.add(to);
    }
  }
  return graph;
}

/** The room of a source file: its first folder under src/, or the file itself at the top. */
const roomOf = (src: string, file: string): string => {
  const [first = '', ...rest] = path.relative(src, file).split(path.sep);
  return rest.length > 0 ? `${first}/` : first;
};
const fileOf = (src: string, file: string): string =>
  path.relative(src, file).split(path.sep).join('/');

/** Folder → folders it imports from, over every non-test source file. */
export const folderGraph = (src: string, sources = sourcesOf(src)): Map<string, Set<string>> =>
  importGraph(src, sources, roomOf, false);

/** File → files it imports from (type-only imports too: a circle of types is a circle to read). */
export const fileGraph = (src: string, sources = sourcesOf(src)): Map<string, Set<string>> =>
  importGraph(src, sources, fileOf, true);

/** Every cycle of the graph, each as the list of nodes around it (first one repeated at the end). */
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

const shown = (cycles: string[][]): string[] => cycles.map((cycle) => cycle.join(' → '));

describe('import cycles', () => {
  it('finds a cycle in a made-up graph, and none in a one-way one', () => {
    const cyclic = new Map([
      ['host/', new Set(['pipeline/'])],
      ['pipeline/', new Set(['host/'])],
    ]);
    expect(cyclesOf(cyclic)).toEqual([['host/', 'pipeline/', 'host/']]);
    expect(cyclesOf(new Map([['pipeline/', new Set(['host/'])]]))).toEqual([]);
  });

  it('finds made-up circles of files and of folders in sources, type-only imports and re-exports too', () => {
    const src = '/site/src';
    const sources = new Map([
      [`${src}/site.ts`, "import { load } from './content/load.ts';\nimport './styles/site.css';"],
      [`${src}/content/load.ts`, "import { clean } from './clean.ts';\nexport const load = 1;"],
      [
        `${src}/content/clean.ts`,
        "import type { Loaded } from './load.ts';\nexport const clean = 1;",
      ],
      [`${src}/lib/a.ts`, "export { b } from '../pages/b.tsx';"],
      [`${src}/pages/b.tsx`, "const a = await import('../lib/a.ts');"],
      [`${src}/pages/c.tsx`, "import { load } from '../content/load.js';"],
    ]);
    expect(shown(cyclesOf(fileGraph(src, sources)))).toEqual([
      'content/clean.ts → content/load.ts → content/clean.ts',
      'lib/a.ts → pages/b.tsx → lib/a.ts',
    ]);
    expect(shown(cyclesOf(folderGraph(src, sources)))).toEqual(['lib/ → pages/ → lib/']);
    // the same sources without the two back arrows: no circle
    sources.set(`${src}/content/clean.ts`, 'export const clean = 1;');
    sources.set(`${src}/pages/b.tsx`, 'export const b = 1;');
    expect(cyclesOf(fileGraph(src, sources))).toEqual([]);
    expect(fileGraph(src, sources).get('pages/c.tsx')).toEqual(new Set(['content/load.ts']));
  });

  for (const src of SOURCES) {
    it(`has no cycle between the folders of packages/${src}`, () => {
      expect(shown(cyclesOf(folderGraph(path.join(packages, src))))).toEqual([]);
    });

    it(`has no cycle between the files of packages/${src}`, () => {
      const graph = fileGraph(path.join(packages, src));
      expect(graph.size).toBeGreaterThan(10);
      expect(shown(cyclesOf(graph))).toEqual([]);
    });
  }
});
