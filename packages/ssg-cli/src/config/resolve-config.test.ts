// Real: stage "config" compiling and importing a site's ssg.config.mjs from a temporary folder.
// Faked: the bundler (it records when Vite's process is asked to load and stops at the first job).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bundler } from '../bundle/index.ts';
import { resolveConfig } from './resolve-config.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** What happened, in order: the config module records its own loading here. */
const events = (): string[] => {
  const global = globalThis as { __ssgConfigEvents?: string[] };
  global.__ssgConfigEvents ??= [];
  return global.__ssgConfigEvents;
};

function siteWithConfig(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'ssg-config-'));
  dirs.push(root);
  mkdirSync(path.join(root, 'content'));
  mkdirSync(path.join(root, 'src'));
  // only found, never imported: the faked bundler stops the stage before the site's code loads
  for (const file of ['site.ts', 'browser.ts']) writeFileSync(path.join(root, 'src', file), '');
  writeFileSync(
    path.join(root, 'ssg.config.mjs'),
    `globalThis.__ssgConfigEvents.push('config loaded');\nexport default { srcDir: 'src' };\n`,
  );
  return root;
}

const recordingBundler = (): Bundler => ({
  warmUp: () => events().push('Vite asked to load'),
  server: async () => {
    events().push('server bundle asked');
    throw new Error('stop here');
  },
  clientAhead: () => events().push('client asked ahead'),
  client: async () => {
    throw new Error('not asked');
  },
  stop: async () => {},
});

describe('stage "config" of a site with no caches yet', () => {
  it("has Vite's process load while the config file compiles, not after", async () => {
    events().splice(0);
    const root = siteWithConfig();
    const tool = { toolHash: async () => 'tool' };
    await expect(resolveConfig({ root }, recordingBundler(), tool)).rejects.toThrow('stop here');
    // asked again later is a no-op for the real bundler; what counts is the first
    expect(events().slice(0, 2)).toEqual(['Vite asked to load', 'config loaded']);
    expect(events()).toContain('server bundle asked');
  });
});
