// Real: the source files of src/shared, read as text. Faked: nothing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const shared = fileURLToPath(new URL('../src/shared/', import.meta.url));
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

describe('shared/', () => {
  it('imports only itself, site/ and errors.ts: the runtime imports it, never the other way', () => {
    const outside: string[] = [];
    for (const name of readdirSync(shared)) {
      if (!/\.(tsx?|mjs)$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
      for (const [, spec = ''] of readFileSync(path.join(shared, name), 'utf8').matchAll(IMPORT)) {
        const target = path.relative(shared, path.resolve(shared, spec));
        if (!target.startsWith('..') || /^\.\.\/(site\/|errors\.ts$)/.test(target)) continue;
        outside.push(`${name} → ${target}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
