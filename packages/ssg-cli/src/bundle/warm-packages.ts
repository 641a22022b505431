/**
 * The packages the server bundle imports (React's server renderer, the site's own dependencies),
 * loaded in this process while Vite is still bundling: the build waits for Vite with nothing else
 * to do, and the bundle's import then finds them loaded instead of loading them after it.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeAtomic } from '../write-atomic.ts';
import { serverBundlesDir } from './server.ts';
import type { SiteFiles } from './vite-config.ts';

/**
 * Imports a specifier as a module of the server bundles' folder would: Node resolves it from the
 * same place, with the same conditions, so the bundle gets the very module loaded here.
 */
const IMPORTER = 'import-from-here.mjs';
const IMPORTER_SOURCE = 'export const load = (specifier) => import(specifier);\n';

export interface PackageWarmer {
  /** Starts loading a package the server bundle will import. */
  add(specifier: string): void;
  /** Every load asked for has ended (a failure is left to the bundle's own import to report). */
  settled(): Promise<void>;
}

export function warmPackages(files: SiteFiles): PackageWarmer {
  const dir = serverBundlesDir(files);
  const file = path.join(dir, IMPORTER);
  let importer: Promise<(specifier: string) => Promise<unknown>> | undefined;
  const loads: Promise<unknown>[] = [];
  const importerOf = async () => {
    if (!existsSync(file)) {
      await mkdir(dir, { recursive: true });
      await writeAtomic(file, IMPORTER_SOURCE);
    }
    const mod = (await import(pathToFileURL(file).href)) as {
      load: (specifier: string) => Promise<unknown>;
    };
    return mod.load;
  };
  return {
    add(specifier) {
      importer ??= importerOf();
      // a package that fails here fails again, with the site's file named, when the bundle is loaded
      loads.push(importer.then((load) => load(specifier)).catch(() => undefined));
    },
    async settled() {
      await Promise.all(loads);
    },
  };
}
