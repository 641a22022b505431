// Strategy `proxied`: Partytown's files, copied into the output when a page uses the strategy.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { SsgError } from '../errors.ts';
import type { RenderedPage } from '../render/index.ts';
import { PROXY_LIB_PATH } from '../shared/script-use.ts';
import type { CopiedAsset } from './place-copied.ts';

/** The package a site installs to use the strategy (`@builder.io/partytown` is its former name). */
export const PROXY_PACKAGE = '@qwik.dev/partytown';

/**
 * The files of its service-worker mode: the snippet, the worker that serves the sandbox frame, and
 * the media proxy it loads on demand. Its debug builds and atomics mode (which would need
 * cross-origin isolation headers on every page) stay out.
 */
const LIB_FILES = [
  'partytown.js',
  'partytown-sw.js',
  'partytown-sandbox-sw.html',
  'partytown-media.js',
];

/** The output-relative folder the files go to: Partytown's default `lib`, `/~partytown/`. */
const LIB_DIR = PROXY_LIB_PATH.replace(/^\/|\/$/g, '');

/**
 * Partytown's files to copy, found from the site's package (then the site's folder), when any page
 * renders a `<Script strategy="proxied">`; none otherwise.
 */
export function proxyLibFiles(
  pages: readonly Pick<RenderedPage, 'route' | 'scripts'>[],
  where: { packageDir: string; root: string },
): CopiedAsset[] {
  const user = pages.find((page) => page.scripts.some((s) => s.strategy === 'proxied'));
  if (!user) return [];
  const lib = libDir([where.packageDir, where.root]);
  if (!lib) {
    const src = user.scripts.find((s) => s.strategy === 'proxied')?.src ?? '';
    throw new SsgError(
      'SCRIPT_PROXY_MISSING',
      `The page ${user.route.path} renders <Script src=${JSON.stringify(src)} strategy="proxied">, but the package ${PROXY_PACKAGE} that runs it is not installed in ${where.packageDir}; nothing was written.`,
      {
        hint: `Install it in the site (npm install ${PROXY_PACKAGE}), or choose the strategy "idle" or "worker-idle" for this script. The previous output is untouched.`,
      },
    );
  }
  return LIB_FILES.map((name) => ({ from: path.join(lib, name), to: `${LIB_DIR}/${name}` }));
}

/**
 * The package's `lib` folder, looked for as ES modules are: in `node_modules` of each folder and
 * its parents (NODE_PATH, which `pnpm exec` sets to its whole store, is not the site's).
 */
function libDir(folders: readonly string[]): string | undefined {
  for (const start of folders) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      const manifest = path.join(dir, 'node_modules', PROXY_PACKAGE, 'package.json');
      if (existsSync(manifest)) return path.join(path.dirname(realpathSync(manifest)), 'lib');
      if (path.dirname(dir) === dir) break;
    }
  }
  return undefined;
}
