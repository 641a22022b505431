// Real: whole `ssg build`s of a copy of the mini site (real Vite bundles, real output folder);
// nothing faked.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SsgError } from '../src/errors.ts';
import { buildMini, miniSiteCopy, snapshot, tempDir } from './helpers.ts';

/** The mini site with its home page using a static part of `code`. */
function siteWithPart(code: string): string {
  const root = miniSiteCopy();
  writeFileSync(path.join(root, 'src/pages/intro.static.tsx'), code);
  const home = path.join(root, 'src/pages/home.tsx');
  writeFileSync(
    home,
    readFileSync(home, 'utf8')
      .replace(
        "import { Link } from '@ssg/cli/runtime';",
        "$&\nimport { Intro } from './intro.static.tsx';",
      )
      .replace('<h1>Início</h1>', '$&\n      <Intro />'),
  );
  return root;
}

describe('a static part', () => {
  it('with useState fails the build naming the file, hook and fix, and leaves the output untouched', async () => {
    const outDir = path.join(tempDir(), 'out');
    const plain = siteWithPart(`export function Intro() { return <p>Bem-vindo</p>; }`);
    await buildMini({ root: plain, outDir });
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).toContain('Bem-vindo');
    const before = snapshot(outDir);

    const root = siteWithPart(`import { useState } from 'react';
export function Intro() {
  const [open] = useState(false);
  return <p>{open ? 'aberto' : 'fechado'}</p>;
}`);
    const error = await buildMini({ root, outDir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SsgError);
    expect((error as SsgError).code).toBe('BUNDLE_FAILED');
    expect((error as SsgError).message).toMatch(
      /The static part src\/pages\/intro\.static\.tsx uses `useState` \(line 3\), but .* never hydrated.*Move the interactive part into a component in a file not named \*\.static\.tsx/,
    );
    // the plugin's own hint, not the bundler's generic one
    expect((error as SsgError).hint).toBe(
      'Move the interactive part into a normal component (a file not named *.static.tsx).',
    );
    expect(snapshot(outDir)).toEqual(before);
  });

  it('with an onClick handler fails the build', async () => {
    const root = siteWithPart(
      `export function Intro() { return <button type="button" onClick={() => alert('oi')}>oi</button>; }`,
    );
    const outDir = path.join(tempDir(), 'out');
    await expect(buildMini({ root, outDir })).rejects.toThrow(
      /intro\.static\.tsx uses an `onClick` handler \(line 1\)/,
    );
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(false);
  });
});
