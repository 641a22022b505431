// Real: the React Router site bench/generate.mjs writes into a temporary folder, its config's prerender list, and the scale section's output check over real files; nothing is built (React Router is not installed here) and nothing is faked.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatePages, writeSite } from '../../bench/generate.mjs';
import { checkOutput } from './scale.mjs';

const root = mkdtempSync(join(tmpdir(), 'bench-react-router-'));

describe('the React Router peer', () => {
  it('prerenders the home, the not-found page and every generated page, none left to the SPA fallback', async () => {
    const dir = join(root, 'site');
    writeSite('react-router', dir, 250);
    const before = process.cwd();
    // The config reads pages.json from the folder the build runs in, as `react-router build` does.
    process.chdir(dir);
    try {
      const { default: config } = await import(
        pathToFileURL(join(dir, 'react-router.config.js')).href
      );
      expect(config.ssr).toBe(false);
      const paths = await config.prerender();
      expect(paths).toEqual(['/', '/404/', ...generatePages(250).map((p) => p.path)]);
    } finally {
      process.chdir(before);
    }
  });
});

describe("the scale section's output check", () => {
  /**
   * An output folder holding the HTML of pages `ids` of `n`.
   * @param {string} name
   * @param {number[]} ids
   */
  const output = (name, ids) => {
    const out = join(root, name);
    for (const i of ids) {
      mkdirSync(join(out, 'p', String(i)), { recursive: true });
      writeFileSync(join(out, 'p', String(i), 'index.html'), `<h1>Page ${i}</h1>`);
    }
    return out;
  };
  const all = (/** @type {number} */ n) => Array.from({ length: n }, (_, i) => i + 1);

  it('refuses a build whose first and last pages are there but not every page between', () => {
    const out = output('partial', [1, 2, 3, 200]);
    expect(checkOutput(out, 200, 'cold')).toMatch(
      /^196 of 200 pages have no HTML file \(the first: .*\/p\/4\/index\.html\)$/,
    );
  });

  it('accepts a build that wrote every page', () => {
    expect(checkOutput(output('whole', all(200)), 200, 'cold')).toBeNull();
  });
});
