// The packages the server bundle imports (they stay imports), told as Vite finds them, so the build
// can load them while Vite is still bundling (warm-packages.ts).
import { isBuiltin } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** A bare specifier (`react-dom/server`, `@scope/pkg`): neither a path, a URL nor a virtual id. */
const isBare = (source: string): boolean =>
  !source.startsWith('.') &&
  !source.startsWith('\0') &&
  !path.isAbsolute(source) &&
  !/^[a-z][a-z0-9+.-]*:/i.test(source) &&
  !isBuiltin(source);

/**
 * Calls `onPackage` once per package specifier that a module of the server bundle imports
 * statically and that Vite leaves external. Dynamic imports are left out: the build never loads
 * them unless the site's code runs them.
 */
export function serverPackagesPlugin(onPackage: (specifier: string) => void): Plugin {
  const told = new Set<string>();
  return {
    name: 'ssg:server-packages',
    // before Vite's resolver, which answers every id it can resolve and so asks no plugin after it
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || options.kind !== 'import-statement' || !isBare(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.external && !told.has(source)) {
        told.add(source);
        onPackage(source);
      }
      return resolved;
    },
  };
}
