// The output folder the config names for a brand, for commands that read a build (serve).
import path from 'node:path';
import { SsgError } from '../errors.ts';
import { type PackageManager, ssgCommand } from '../shared/package-manager.ts';
import { loadConfig } from './load-config.ts';

/**
 * The output folder the site's config names (`ssg serve` with no folder), without loading the
 * site's code: a folder per brand needs the brand given.
 */
export async function outDirOfConfig(
  root: string,
  brand: string | undefined,
  manager: PackageManager = 'npm',
): Promise<string> {
  const { config } = await loadConfig(root);
  const out = config.outDir ?? 'dist';
  if (typeof out === 'string') return path.resolve(root, out);
  if (brand === undefined) {
    throw new SsgError('USAGE', "This site's outDir depends on the brand, and none was given.", {
      hint: `Pass --brand NAME, or the folder to serve: ${ssgCommand(manager, 'serve DIR')}.`,
    });
  }
  return path.resolve(root, out({ brand }));
}
