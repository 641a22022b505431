// Real: a chunk's source map file in a temporary folder, read by Node's SourceMap. Faked: the stack frames (strings).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.ts';
import { sourceMapped } from './source-frames.ts';

describe('a stack frame of the server bundle', () => {
  it("names the site's source file, line and column its map gives, with source maps off in the process", () => {
    const dir = tempDir('ssg-frames-');
    const chunk = path.join(dir, 'chunk-abc.mjs');
    writeFileSync(chunk, 'export function Page() { throw new Error("x"); }\n');
    // line 1, column 1 of the chunk comes from line 5, column 4 of page.tsx
    const map = { version: 3, sources: ['/site/src/page.tsx'], names: [], mappings: 'AAIG' };
    writeFileSync(`${chunk}.map`, JSON.stringify(map));
    expect(process.sourceMapsEnabled).toBe(false);
    const url = pathToFileURL(chunk).href;
    expect(sourceMapped(`    at Page (${url}:1:1)`)).toBe('    at Page (/site/src/page.tsx:5:4)');
    expect(sourceMapped(`    at ${chunk}:1:1`)).toBe('    at /site/src/page.tsx:5:4');
  });

  it('stays as it is without a map', () => {
    const frame = `    at f (${path.join(tempDir('ssg-frames-'), 'nomap.mjs')}:3:7)`;
    expect(sourceMapped(frame)).toBe(frame);
    expect(sourceMapped('    at new Promise (<anonymous>)')).toBe(
      '    at new Promise (<anonymous>)',
    );
  });
});
