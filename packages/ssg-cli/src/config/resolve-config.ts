// Stage "config": the config file and flags, the site's code, the brand and output folders.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { bundlesCold } from '../bundle/fork-child.ts';
import type { Bundler } from '../bundle/process.ts';
import {
  type BundleKey,
  hasServerBundleRecord,
  recordServerBundle,
  reusableServerBundle,
} from '../bundle/server-cache.ts';
import { type SiteFiles, siteFilesOf } from '../bundle/vite-config.ts';
import { SsgError } from '../errors.ts';
import { TRAILING_SLASH_VALUES } from '../shared/trailing-slash.ts';
import type { SiteDefinition } from '../site/index.ts';
import type { BuildOptions, CompressMode, LoadedSite, TrailingSlash } from '../types.ts';
import type { CspConfig, HstsConfig, RuntimeCachingRule } from './define-config.ts';
import { loadConfig } from './load-config.ts';
import { importSite } from './load-site.ts';

/** What the config file and the flags say, before any of the site's code is loaded. */
export interface SiteSetup {
  /** The site's folder: its config file, node_modules, and what relative paths start from. */
  root: string;
  srcDir: string;
  files: SiteFiles;
  contentDir: string;
  configFile?: string;
  /** URL of the compiled config, for the bundle process. */
  configUrl?: string;
  outDirOption: BuildOptions['outDir'] | ((target: { brand: string }) => string);
  trailingSlash: TrailingSlash;
  keepBuilds: number;
  serviceWorker: boolean;
  runtimeCaching: RuntimeCachingRule[];
  /** The config's extra CSP sources and report-only mode. */
  cspConfig: CspConfig;
  /** The config's HSTS choice; `undefined`: on for an https site address. */
  hstsConfig?: boolean | HstsConfig;
  force: boolean;
  compress: CompressMode;
}

/** Reads the site's `ssg.config.*` (if any) and lays the flags over it; checks every value. */
export async function resolveSetup(options: BuildOptions): Promise<SiteSetup> {
  const root = path.resolve(options.root ?? process.cwd());
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new SsgError('USAGE', `The site folder ${root} does not exist.`, {
      hint: 'Run ssg in the folder of your site (the one with ssg.config.ts), or pass --root DIR.',
    });
  }
  const { config, file: configFile, url: configUrl } = await loadConfig(root);
  const srcDir = path.resolve(root, config.srcDir ?? 'src');
  const contentDir = path.resolve(root, options.contentDir ?? config.contentDir ?? 'content');
  const trailingSlash = options.trailingSlash ?? config.trailingSlash ?? 'always';
  if (!TRAILING_SLASH_VALUES.includes(trailingSlash)) {
    throw new SsgError(
      'USAGE',
      `--trailing-slash "${trailingSlash}" is not one of always, never, ignore.`,
      { hint: 'Use --trailing-slash always (the default), never or ignore.' },
    );
  }
  const keepBuilds = options.keepBuilds ?? config.keepBuilds ?? 2;
  if (!Number.isInteger(keepBuilds) || keepBuilds < 1) {
    throw new SsgError('USAGE', `--keep-builds "${keepBuilds}" is not a whole number, 1 or more.`, {
      hint: 'Use --keep-builds 2 (the default: this build and the previous one), or 1 for this build only.',
    });
  }
  if (!existsSync(contentDir) || !statSync(contentDir).isDirectory()) {
    throw new SsgError('CONFIG', `The content folder ${contentDir} does not exist.`, {
      hint: 'Create it, set `contentDir` in ssg.config.ts, or pass the folder with --content DIR.',
    });
  }
  const sw = options.serviceWorker ?? config.serviceWorker ?? true;
  return {
    root,
    srcDir,
    files: siteFilesOf(srcDir, root),
    contentDir,
    configFile,
    configUrl,
    outDirOption: options.outDir ?? config.outDir,
    trailingSlash,
    keepBuilds,
    serviceWorker: sw !== false,
    runtimeCaching: typeof sw === 'object' ? (sw.runtimeCaching ?? []) : [],
    cspConfig: config.csp ?? {},
    hstsConfig: config.hsts,
    force: options.force ?? false,
    compress: options.compress ?? 'auto',
  };
}

/** The brand to build (one of the site's, or its first) and the output folder for it. */
export function resolveTarget(
  setup: SiteSetup,
  site: SiteDefinition<unknown>,
  brandOption: string | undefined,
): { brand: string; outDir: string; stagingDir: string } {
  const brands = site.brands ?? [];
  if (brands.length === 0 && brandOption !== undefined) {
    throw new SsgError(
      'USAGE',
      `--brand "${brandOption}" was given, but this site has no brands.`,
      {
        hint: 'Leave --brand out, or list the brands in defineSite({ brands: [...] }).',
      },
    );
  }
  const brand = brandOption ?? brands[0] ?? 'default';
  if (brands.length > 0 && !brands.includes(brand)) {
    throw new SsgError(
      'USAGE',
      `--brand "${brand}" is not a brand of this site; the brands are ${brands.join(', ')}.`,
      { hint: `Use one of: --brand ${brands.join(' | ')}.` },
    );
  }
  const option = setup.outDirOption;
  const chosen = typeof option === 'function' ? option({ brand }) : (option ?? 'dist');
  const { root } = setup;
  const outDir = path.resolve(root, chosen);
  if (
    outDir === root ||
    root.startsWith(outDir + path.sep) ||
    outDir === setup.contentDir ||
    outDir === setup.srcDir ||
    setup.srcDir.startsWith(outDir + path.sep)
  ) {
    throw new SsgError(
      'USAGE',
      `The output folder ${outDir} would replace the site, its code or its content.`,
      {
        hint: 'Build into a folder of its own, such as dist (set outDir in ssg.config.ts or pass --out DIR).',
      },
    );
  }
  const stagingDir = path.join(
    path.dirname(outDir),
    `.${path.basename(outDir)}.staging-${process.pid}`,
  );
  return { brand, outDir, stagingDir };
}

/** What stage "config" asks of the incremental cache. */
export interface ConfigReuse {
  /**
   * The digest of the framework's own code and of the versions of Vite and React: part of the
   * server bundle's key, so a bundle made by another version of the tool is not reused.
   */
  toolHash(root: string): Promise<string>;
}

/**
 * The site's code from its server bundle: made by Vite (in the bundle process), or the previous
 * one when nothing it was made from changed.
 */
export async function loadSiteCode(
  setup: SiteSetup,
  bundler: Bundler,
  reuse: ConfigReuse,
): Promise<{ loaded: LoadedSite; warnings: string[] }> {
  // no bundle to reuse: Vite's process loads while the framework's code is hashed below
  if (setup.force || !hasServerBundleRecord(setup.files)) bundler.warmUp();
  const key: BundleKey = {
    root: setup.root,
    files: setup.files,
    configUrl: setup.configUrl,
    // the framework's own code and the versions of Vite and React: a bundle made by others is not reused
    tool: await reuse.toolHash(setup.root),
  };
  let bundle = setup.force ? undefined : await reusableServerBundle(key);
  const warnings: string[] = [];
  if (!bundle) {
    const site = { root: setup.root, files: setup.files, configUrl: setup.configUrl };
    bundle = await bundler.server(site);
    // the client is made of the same code: Vite goes on to it while this process loads the site
    bundler.clientAhead(site);
    warnings.push(...bundle.warnings);
    await recordServerBundle(key, bundle);
  }
  return { loaded: await importSite(bundle, setup.files), warnings };
}

/** The brand and output folders of a build. */
export type Target = ReturnType<typeof resolveTarget>;

/** What stage "config" made: the settings, the site's code, the brand and output folders. */
export interface ResolvedSite extends SiteSetup, Target {
  loaded: LoadedSite;
}

/** Stage "config": the config file and flags, then the site's code, then the brand and output folder. */
export async function resolveConfig(
  options: BuildOptions,
  bundler: Bundler,
  reuse: ConfigReuse,
): Promise<{ site: ResolvedSite; warnings: string[] }> {
  // None of the framework's caches in the site's folder yet (a fresh checkout, caches removed):
  // Vite will bundle, so its process loads while the config compiles and the code is hashed.
  if (bundlesCold(path.resolve(options.root ?? process.cwd()), options.force)) bundler.warmUp();
  const setup = await resolveSetup(options);
  const { loaded, warnings } = await loadSiteCode(setup, bundler, reuse);
  const target = resolveTarget(setup, loaded.site, options.brand);
  return { site: { ...setup, ...target, loaded }, warnings };
}
