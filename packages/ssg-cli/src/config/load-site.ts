// Imports the server bundle and checks what the site's two modules export.
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBundle } from '../bundle/server.ts';
import type { SiteFiles } from '../bundle/vite-config.ts';
import { SsgError } from '../errors.ts';
import type { BrowserDefinition, SiteDefinition } from '../site/index.ts';
import type { LoadedSite } from '../types.ts';

/** Imports the server bundle (bundle/server.ts) and checks what the site's two modules export. */
export async function importSite(bundle: ServerBundle, files: SiteFiles): Promise<LoadedSite> {
  // In use now: the clean-up of old bundles (by age) must not take it from under this build.
  const now = new Date();
  await utimes(path.dirname(bundle.entryFile), now, now).catch(() => {});
  // React stays external and picks its build from the host's NODE_ENV when first imported (`ssg
  // build` sets it; a library call leaves process.env as it is). Stack frames of the site's code
  // are read through the bundle's maps where they are shown (shared/source-frames.ts).
  let mod: { site?: unknown; browser?: unknown; render: LoadedSite['render'] };
  try {
    mod = (await import(pathToFileURL(bundle.entryFile).href)) as typeof mod;
  } catch (error) {
    throw new SsgError(
      'BUNDLE_FAILED',
      `The site's code failed while it was loaded: ${(error as Error).message}`,
      {
        hint: 'Fix the error above (code at the top level of a module runs when the build loads it); the previous output was left untouched.',
        cause: error,
      },
    );
  }
  const { site, browser } = checkDefinitions(mod.site, mod.browser, files);
  const componentFiles = await mapComponentsToSources(browser, bundle.chunkSources);
  return {
    site,
    browser,
    render: mod.render,
    componentFiles,
    codeHash: bundle.codeHash,
    serverEntry: pathToFileURL(bundle.entryFile).href,
  };
}

export function checkDefinitions(
  site: unknown,
  browser: unknown,
  files: SiteFiles,
): { site: SiteDefinition<unknown>; browser: BrowserDefinition } {
  const s = site as Partial<SiteDefinition<unknown>> | undefined;
  if (!s || typeof s.loadContent !== 'function' || typeof s.routes !== 'function') {
    throw new SsgError('CONFIG', `${files.site} does not export a site definition.`, {
      hint: 'Write `export default defineSite({ loadContent, routes, staticQueries })` with defineSite from @ssg/cli/site.',
      file: files.site,
    });
  }
  const b = browser as Partial<BrowserDefinition> | undefined;
  if (!b || typeof b.components !== 'object' || b.components === null) {
    throw new SsgError('CONFIG', `${files.browser} does not export a browser definition.`, {
      hint: 'Write `export default defineBrowser({ components: { home: () => import("./pages/home.tsx") } })` with defineBrowser from @ssg/cli/site.',
      file: files.browser,
    });
  }
  return { site: s as SiteDefinition<unknown>, browser: b as BrowserDefinition };
}

/**
 * Each component name's source file: importing a split chunk directly gives the module whose
 * default export the component's `() => import(...)` resolves to, so identity tells which is
 * which. The default export, not the module object: a chunk that also exports code for other
 * chunks (a page alone using `<Script>`'s runtime) is imported through a facade of its own.
 */
async function mapComponentsToSources(
  browser: BrowserDefinition,
  chunkSources: ReadonlyArray<[string, string]>,
): Promise<Record<string, string>> {
  const byExport = new Map<unknown, string>();
  for (const [chunk, source] of chunkSources) {
    const module = (await import(pathToFileURL(chunk).href)) as { default?: unknown };
    if (module.default !== undefined) byExport.set(module.default, source);
  }
  const files: Record<string, string> = {};
  for (const [name, load] of Object.entries(browser.components)) {
    const loaded = (await load()) as { default?: unknown } | undefined;
    const source = loaded?.default === undefined ? undefined : byExport.get(loaded.default);
    if (!source) {
      throw new SsgError(
        'CONFIG',
        `The component "${name}" of browser.ts is not a lazy import of a module.`,
        {
          hint: `Write it as ${name}: () => import('./path/to/component.tsx').`,
        },
      );
    }
    files[name] = source;
  }
  return files;
}
