// A smaller stand-in for Vite's dynamic-import preload helper in the browser bundle.
import type { Plugin } from 'vite';

/** The id Vite's import analysis gives the helper it wraps every dynamic `import()` in. */
const HELPER_ID = '\0vite/preload-helper.js';

/**
 * Vite's helper (1.2 KB gzip of the home page's first load) preloads a dynamic chunk's CSS and
 * imports with a CSP nonce and fires `vite:preloadError`. Here every stylesheet is inlined in the
 * page (cssCodeSplit off) and the loader recovers from a failed chunk itself, so all it needs to
 * keep is the `modulepreload` of a chunk's own imports, fetched beside the chunk and not after it.
 */
export function helperSource(base: string): string {
  const relative = base === '' || base === './';
  const href = relative ? 'new URL(dep, importer).href' : `${JSON.stringify(base)} + dep`;
  return `const seen = new Set();
export const __vitePreload = (load, deps, importer) => {
  for (const dep of deps ?? []) {
    const href = ${href};
    if (dep.endsWith('.css') || seen.has(href)) continue;
    seen.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  return load();
};
`;
}

/** Serves `helperSource` for Vite's helper id; runs before Vite's own plugins, so it is the one loaded. */
export function slimPreloadHelper(): Plugin {
  let base = '/';
  return {
    name: 'ssg:slim-preload-helper',
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    resolveId(id) {
      return id === HELPER_ID ? id : undefined;
    },
    load(id) {
      return id === HELPER_ID ? helperSource(base) : undefined;
    },
  };
}
