/**
 * Our output path is a link to a build folder beside it (`dist` → `.dist.build-<id>`), and the
 * previous build folder is kept until the next build starts. A cold build must clear all of
 * them: removing `dist` alone removes the link, and the build would put the last build back.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * `outDir` and every folder or link the build keeps beside it (`.<name>.*`).
 * @param {string} outDir
 */
export function outputAndBuilds(outDir) {
  const parent = dirname(outDir);
  const prefix = `.${basename(outDir)}.`;
  /** @type {string[]} */
  let names = [];
  try {
    names = readdirSync(parent).filter((name) => name.startsWith(prefix));
  } catch {}
  return [outDir, ...names.map((name) => join(parent, name))];
}
