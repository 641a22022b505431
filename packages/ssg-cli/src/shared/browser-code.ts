/**
 * The framework's browser code (src/browser: boot script, service workers, offline page CSS),
 * minified: bundled once when the package is built (scripts/bundle-browser.ts writes
 * dist/browser/*.min.*), or from the sources on first use when run from src (tests, `ssg dev` here).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Each file of src/browser that a build writes, by what it is. */
export const BROWSER_CODE = {
  boot: 'boot.ts',
  sw: 'sw.ts',
  swOff: 'sw-off.ts',
  offlineCss: 'offline.css',
} as const;
export type BrowserCodeName = keyof typeof BROWSER_CODE;

/** The minified file's name in dist/browser: `boot.min.js`, `offline.min.css`. */
export const minifiedName = (name: BrowserCodeName): string =>
  BROWSER_CODE[name].replace(/\.ts$/, '.js').replace(/\.(js|css)$/, '.min.$1');

type Esbuild = typeof import('esbuild');

/** Minifies one source of src/browser with esbuild (synchronous: the boot script is a constant). */
export function bundleBrowserCode(name: BrowserCodeName, sourceDir: string): string {
  const esbuild = createRequire(import.meta.url)('esbuild') as Esbuild;
  const entryPoints = [`${sourceDir}/${BROWSER_CODE[name]}`];
  const common = { entryPoints, write: false, logLevel: 'silent', legalComments: 'none' } as const;
  if (name === 'offlineCss') {
    return esbuild.buildSync({ ...common, minify: true }).outputFiles[0]?.text.trim() ?? '';
  }
  if (name === 'boot') {
    // whitespace only: its one-letter names are the source's, so its bytes never drift
    const out = esbuild.buildSync({ ...common, minifyWhitespace: true, format: 'esm' });
    return (out.outputFiles[0]?.text ?? '').replace(/;?\n$/, '');
  }
  const out = esbuild.buildSync({
    ...common,
    bundle: true,
    minify: true,
    format: 'iife',
    // workbox's own default targets are Chrome 56 and later
    target: 'es2017',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return out.outputFiles[0]?.text ?? '';
}

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const texts = new Map<BrowserCodeName, string>();

/** The minified text of one browser file, read (or, from src, bundled) once per process. */
export function browserCode(name: BrowserCodeName): string {
  let text = texts.get(name);
  if (text === undefined) {
    const built = here(`../browser/${minifiedName(name)}`);
    text = existsSync(built)
      ? readFileSync(built, 'utf8')
      : bundleBrowserCode(name, here('../browser'));
    texts.set(name, text);
  }
  return text;
}
