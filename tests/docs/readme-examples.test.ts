// Real: the TypeScript blocks of the package READMEs, compiled by tsc (strict, no skipLibCheck) in one program against the packages' dist/*.d.ts through their package.json exports. Faked: nothing.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { compileErrors, PACKAGE_READMES, placeBlocks, writeProject } from './readme-examples.ts';

describe('the TypeScript examples of the package READMEs', () => {
  const { placed, problems } = placeBlocks();
  let dir = '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('are all TypeScript or say what else they are (sh, text, html…), none left out without a reason', () => {
    expect(problems).toEqual([]);
  });

  it('are there: each package README shows TypeScript', () => {
    const readmes = new Set(placed.map((p) => p.readme));
    expect([...readmes].sort()).toEqual(PACKAGE_READMES.slice(0, 2).sort());
  });

  it('compile, each block a module of its own, the site files (// src/….ts) one site', () => {
    dir = writeProject(placed);
    expect(compileErrors(dir, placed)).toEqual([]);
  }, 120_000);
});
