/**
 * Where the synthetic sites of our ssg live and how they resolve their packages: site folders
 * under `.bench/ssg/sites/`, with `.bench/ssg/node_modules` linking `@ssg/cli`, `react` and
 * `react-dom` to the workspace copies (the same React instance the cli's runtime imports).
 */
import { existsSync, lstatSync, mkdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * @param {string} benchDir
 * @param {string} repoRoot
 */
export function linkWorkspacePackages(benchDir, repoRoot) {
  const cliDir = join(repoRoot, 'packages', 'ssg-cli');
  const links = {
    '@ssg/cli': cliDir,
    react: realpathSync(join(cliDir, 'node_modules', 'react')),
    'react-dom': realpathSync(join(cliDir, 'node_modules', 'react-dom')),
  };
  for (const [name, target] of Object.entries(links)) {
    const at = join(benchDir, 'ssg', 'node_modules', name);
    mkdirSync(dirname(at), { recursive: true });
    if (existsSync(at) || isLink(at)) {
      if (realpathSafe(at) === target) continue;
      rmSync(at, { recursive: true, force: true });
    }
    symlinkSync(target, at, 'dir');
  }
}

/** @param {string} p */
function isLink(p) {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** @param {string} p */
function realpathSafe(p) {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
}
