// build.ts sees each stage folder through its index.ts, and the cache is a seam the stages declare.
// Real: the CLI's source files on disk, read as text; nothing is faked.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));
/** `from './x.ts'`, `import('./x.ts')`, `import './x.ts'`: relative specifiers only. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const STAGES = ['config', 'content', 'routes', 'bundle', 'render', 'emit', 'service-worker'];
const WRAPPERS = ['output', 'incremental'];

/** The src-relative paths a file imports. */
const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(([, spec = '']) =>
    path.relative(src, path.resolve(path.dirname(file), spec)),
  );

/** Every non-test source file below a folder of src/. */
const sourcesIn = (folder: string): string[] =>
  readdirSync(path.join(src, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(tsx?|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));

describe('the build as stages between two wrappers', () => {
  it('gives every stage folder and both wrappers an index.ts', () => {
    const missing = [...STAGES, ...WRAPPERS].filter(
      (f) => !existsSync(path.join(src, f, 'index.ts')),
    );
    expect(missing).toEqual([]);
  });

  it('has build.ts import the stages and wrappers only through their index.ts', () => {
    const rooms = new Set([...STAGES, ...WRAPPERS]);
    const past = importsOf(path.join(src, 'build.ts')).filter((to) => {
      const [room = '', file] = to.split(path.sep);
      return rooms.has(room) && file !== 'index.ts';
    });
    expect(past).toEqual([]);
  });

  it('has the dev server use the stages it shares with the build through their index.ts', () => {
    // bundle/ excepted: the dev server runs Vite itself, with the build's Vite settings
    const rooms = new Set(STAGES.filter((stage) => stage !== 'bundle'));
    const past = sourcesIn('dev').flatMap((file) =>
      importsOf(file).filter((to) => {
        const [room = '', inner] = to.split(path.sep);
        return rooms.has(room) && inner !== 'index.ts';
      }),
    );
    expect(past).toEqual([]);
  });

  it('has no stage folder import incremental/: the cache implements what the stages declare', () => {
    const arrows = [...STAGES, 'output'].flatMap((stage) =>
      sourcesIn(stage).flatMap((file) =>
        importsOf(file)
          .filter((to) => to.startsWith(`incremental${path.sep}`))
          .map((to) => `${path.relative(src, file)} → ${to}`),
      ),
    );
    expect(arrows).toEqual([]);
  });
});
