import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { SsgError } from '../errors.ts';
import type { BuildContext, BuildOptions, TrailingSlash } from './context.ts';
import { loadSite } from './load-site.ts';

export const TRAILING_SLASH_VALUES: readonly TrailingSlash[] = ['always', 'never', 'ignore'];

/** Stage "config": resolves every option to an absolute, checked value and loads the site's code. */
export async function resolveConfig(options: BuildOptions): Promise<BuildContext> {
  const root = path.resolve(options.root ?? process.cwd());
  const siteDir = path.resolve(root, options.siteDir ?? 'packages/site');
  const contentDir = path.resolve(root, options.contentDir ?? 'content');
  const trailingSlash = options.trailingSlash ?? 'always';
  if (!TRAILING_SLASH_VALUES.includes(trailingSlash)) {
    throw new SsgError(
      'USAGE',
      `--trailing-slash "${trailingSlash}" is not one of always, never, ignore.`,
      {
        hint: 'Use --trailing-slash always (the default), never or ignore.',
      },
    );
  }
  const keepBuilds = options.keepBuilds ?? 2;
  if (!Number.isInteger(keepBuilds) || keepBuilds < 1) {
    throw new SsgError('USAGE', `--keep-builds "${keepBuilds}" is not a whole number, 1 or more.`, {
      hint: 'Use --keep-builds 2 (the default: this build and the previous one), or 1 for this build only.',
    });
  }
  if (!existsSync(contentDir) || !statSync(contentDir).isDirectory()) {
    throw new SsgError('CONFIG', `The content folder ${contentDir} does not exist.`, {
      hint: 'Pass the folder that holds the site JSON with --content DIR.',
    });
  }
  const loaded = await loadSite(siteDir);
  const brands = loaded.site.brands;
  const brand = options.brand ?? brands[0];
  if (brand === undefined || !brands.includes(brand)) {
    throw new SsgError(
      'USAGE',
      `--brand "${options.brand}" is not a brand of this site; the brands are ${brands.join(', ')}.`,
      {
        hint: `Use one of: --brand ${brands.join(' | ')}.`,
      },
    );
  }
  const outDir = path.resolve(root, options.outDir ?? path.join('dist', brand));
  if (
    outDir === root ||
    root.startsWith(outDir + path.sep) ||
    outDir === contentDir ||
    outDir === siteDir
  ) {
    throw new SsgError(
      'USAGE',
      `--out ${outDir} would replace the project, its content or its site.`,
      {
        hint: 'Build into a folder of its own, such as dist/vet.',
      },
    );
  }
  const stagingDir = path.join(
    path.dirname(outDir),
    `.${path.basename(outDir)}.staging-${process.pid}`,
  );
  return {
    root,
    siteDir,
    contentDir,
    outDir,
    stagingDir,
    brand,
    trailingSlash,
    serviceWorker: options.serviceWorker ?? true,
    keepBuilds,
    force: options.force ?? false,
    loaded,
    warnings: [],
  };
}
