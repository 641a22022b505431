// The types of a build seen from outside: its options, its reporter, its stages and its result.
import type { ServerRenderer } from './shared/server-render.ts';
import type { TrailingSlash } from './shared/trailing-slash.ts';
import type { BrowserDefinition, SiteDefinition } from './site/index.ts';

export type { ServerRenderer, ServerRenderInput } from './shared/server-render.ts';
export type { TrailingSlash };

/** Which text files get `.br` and `.gz` siblings (BuildOptions.compress). */
export type CompressMode = 'auto' | 'all' | 'none';

export interface BuildOptions {
  /**
   * The site's folder: where its `ssg.config.*` is, and what relative paths (in the config and
   * in these options) start from. Default: the current directory.
   */
  root?: string;
  /** Content folder. Overrides `contentDir` of the config; default `content`. */
  contentDir?: string;
  /** Output folder. Overrides `outDir` of the config; default `dist`. */
  outDir?: string;
  /** One of the site's brands, for sites that declare some. Default: the site's first brand. */
  brand?: string;
  /** Overrides the config; default `always`. */
  trailingSlash?: TrailingSlash;
  /**
   * Overrides the config; default `true`: `sw.js` precaches the build for offline use. `false`
   * writes a `sw.js` that unregisters itself and deletes its caches, to switch offline support
   * off on a deployed site.
   */
  serviceWorker?: boolean;
  /** Builds whose hashed chunks stay in the output for tabs still running them. Default 2 (this one and the previous). */
  keepBuilds?: number;
  /**
   * `.br` and `.gz` siblings of text files over 1 KB. Default `auto`: of every file up to 1,000
   * pages, above that of the client bundle only (every page's would cost seconds and two files a page).
   */
  compress?: CompressMode;
  /** Default false: `true` ignores what earlier builds left (the incremental cache) and builds everything anew. */
  force?: boolean;
  /** Progress lines; default: silent. The CLI passes a terminal reporter. */
  reporter?: BuildReporter;
}

export interface BuildReporter {
  stageStart(stage: StageName): void;
  stageEnd(stage: StageName, ms: number): void;
  /** The stage that was running when the build failed; the error is printed after it. */
  stageFail?(stage: StageName): void;
  /** Inside a long stage (render, emit): `done` of `total` items. */
  progress?(stage: StageName, done: number, total: number): void;
  warn(message: string): void;
  /** Something the user should know now, not a warning (another build holds the output folder). */
  note?(message: string): void;
}

export const STAGES = [
  'config',
  'content',
  'routes',
  'bundle',
  'render',
  'emit',
  'service-worker',
] as const;
export type StageName = (typeof STAGES)[number];

/** Loaded modules of the site, from the server bundle. */
export interface LoadedSite {
  site: SiteDefinition<unknown>;
  browser: BrowserDefinition;
  /** Source file of each component name (`home` → `/abs/src/pages/home-page.tsx`). */
  componentFiles: Record<string, string>;
  /** Everything the server bundle read, for the compilation hash. */
  codeHash: string;
  /** The server render entry of the runtime, from the same bundle as the site's components. */
  render: ServerRenderer;
  /** URL of the server bundle's entry, which render worker threads import; none in `ssg dev`. */
  serverEntry?: string;
}

/** Bytes of the output by kind, as emit wrote them. */
export interface OutputBytes {
  html: number;
  js: number;
  /** The site's stylesheet, inlined in every page: the size of one copy (the copies count in `html`). */
  css: number;
  json: number;
  other: number;
  /** Gzipped sizes of the client JS and of the stylesheet (not of HTML: 10,000 pages cost too much to compress). */
  gzip?: { js: number; css: number };
}

export interface BuildResult {
  outDir: string;
  /** The brand built; empty for a site that declares no brands. */
  brand: string;
  compilationHash: string;
  pages: number;
  bytes: OutputBytes;
  stages: Array<{ name: StageName; ms: number }>;
  warnings: string[];
  /** What the build took from the previous build into the same folder (incremental/). */
  reused: {
    /** Pages whose render output was reused: their inputs had not changed. */
    pages: number;
    /** The client bundle was unchanged: Vite did not run. */
    client: boolean;
    /** The output folder already held exactly this build and was left as it was. */
    output: boolean;
    /**
     * Few of the output's files changed: they were written and moved into the output folder in
     * place, the others left as they were (output/patch.ts).
     */
    patched: boolean;
  };
}
