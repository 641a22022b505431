import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildWith } from '../src/build.ts';
import type { BuildSwitches } from '../src/switches.ts';
import type { BuildOptions } from '../src/types.ts';
import { miniSiteAt } from './site-root.ts';

/**
 * The mini fixture site, in a folder of this run whose caches one build from the sources filled
 * (global-setup.ts): builds by `build()` here start warm and share them with no other tool.
 */
export const MINI_SITE = inject('miniSite');
export const MINI_CONTENT = path.join(MINI_SITE, 'content');
/** The same for the compiled `ssg` command in a child process (its own tool hash, its own caches). */
export const MINI_CLI_SITE = inject('miniCliSite');

export const tempDir = (prefix = 'ssg-test-'): string => mkdtempSync(path.join(tmpdir(), prefix));

/** Builds the mini fixture site into a fresh folder (or the one given), with the switches given. */
export const buildMini = (options: BuildOptions = {}, switches: BuildSwitches = {}) =>
  buildWith(
    { root: MINI_SITE, contentDir: MINI_CONTENT, outDir: path.join(tempDir(), 'out'), ...options },
    switches,
  );

/** A copy of the mini content to break in one test. */
export function contentCopy(): string {
  const dir = path.join(tempDir(), 'content');
  cpSync(MINI_CONTENT, dir, { recursive: true });
  return dir;
}

/** Every file below `dir`, relative, sorted. */
export function listFiles(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel))
    .flatMap((name) => {
      const file = path.posix.join(rel, name);
      return statSync(path.join(dir, file)).isDirectory() ? listFiles(dir, file) : [file];
    })
    .sort();
}

/** Relative path → sha256 of contents, for byte-for-byte comparisons of whole folders. */
export function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    listFiles(dir).map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(path.join(dir, f)))
        .digest('hex'),
    ]),
  );
}

export const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** Each file's inode and time below `dir`: unchanged exactly when a build left the file alone. */
export const fileStamps = (dir: string): Record<string, string> =>
  Object.fromEntries(
    listFiles(dir).map((file) => {
      const info = statSync(path.join(dir, file));
      return [file, `${info.ino}:${info.mtimeMs}`];
    }),
  );

/**
 * A copy of the mini site's code, content and package.json that a test may break, with caches
 * of its own (its first build makes its bundles); its packages are the fixture's, through links.
 */
export const miniSiteCopy = (): string => miniSiteAt(tempDir('ssg-site-'));

/** The value, or a failure that says what was missing (where a test would assert non-null). */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, found none.`);
  return value;
}

/**
 * What is beside an output folder `out`, by role: `current` the build folder its link points to,
 * `previous` the other build folders (a build keeps the one it replaced until the next build
 * starts), `other` everything else (staging folders, links, locks, deletion marks).
 */
export function besideOutput(out: string): {
  current?: string;
  previous: string[];
  other: string[];
} {
  const base = path.basename(out);
  let current: string | undefined;
  try {
    current = readlinkSync(out);
  } catch {}
  const names = readdirSync(path.dirname(out)).filter((name) => name !== base && name !== current);
  const build = (name: string) => name.startsWith(`.${base}.build-`) && !name.endsWith('.deleting');
  return {
    ...(current === undefined ? {} : { current }),
    previous: names.filter(build),
    other: names.filter((name) => !build(name)),
  };
}

const PACKAGE_DIR = path.resolve(import.meta.dirname, '..');

/** What `npm install` would give a starter site, from the workspace: @ssg/cli, React, zod and the types. */
export function linkStarterDependencies(siteDir: string): void {
  const link = (name: string, target: string) => {
    const at = path.join(siteDir, 'node_modules', name);
    mkdirSync(path.dirname(at), { recursive: true });
    symlinkSync(realpathSync(target), at, 'dir');
  };
  const packageDirOf = (name: string, from: string) =>
    path.dirname(createRequire(path.join(from, 'x.js')).resolve(`${name}/package.json`));
  link('@ssg/cli', PACKAGE_DIR);
  for (const name of ['react', 'react-dom', 'zod']) link(name, packageDirOf(name, PACKAGE_DIR));
  for (const name of ['@types/react', '@types/react-dom', '@types/node']) {
    link(name, packageDirOf(name, path.resolve(PACKAGE_DIR, '../..')));
  }
}
