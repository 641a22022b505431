import { cpSync, mkdirSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';

// what global-setup.ts provides; here, as helpers.ts (also compiled with src/'s tests) imports this file
declare module 'vitest' {
  export interface ProvidedContext {
    /** The mini site whose caches one build from the sources filled (builds by `build()` here). */
    miniSite: string;
    /** The same for the compiled `ssg` command, whose tool hash differs (child-process builds). */
    miniCliSite: string;
  }
}

export const MINI_FIXTURE = path.resolve(import.meta.dirname, 'fixtures/mini-site');

/**
 * A copy of the mini site's code, content and package.json at `root`, with a node_modules of its
 * own whose packages link to the fixture's: the framework's caches (node_modules/.ssg) are then
 * this copy's alone, so no other test file's build (another tool hash, --force, another NODE_ENV)
 * can replace or delete them under it.
 */
export function miniSiteAt(root: string): string {
  for (const part of ['src', 'content', 'package.json'])
    cpSync(path.join(MINI_FIXTURE, part), path.join(root, part), { recursive: true });
  linkMiniPackages(root);
  return root;
}

/** A node_modules of its own at `root` whose packages link to the mini fixture's (no caches yet). */
export function linkMiniPackages(root: string): void {
  const modules = path.join(MINI_FIXTURE, 'node_modules');
  mkdirSync(path.join(root, 'node_modules'), { recursive: true });
  for (const name of readdirSync(modules)) {
    if (name === '.ssg') continue;
    symlinkSync(
      realpathSync(path.join(modules, name)),
      path.join(root, 'node_modules', name),
      'dir',
    );
  }
}
