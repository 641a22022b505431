/**
 * The two jobs of the bundle step, run in the bundle process (child.ts) or, with
 * BuildSwitches.bundleProcess `false`, in the build's own: the server render's bundle, then the client's.
 * Jobs and answers are plain JSON: the site's Vite config (plugins are functions) is imported
 * again where the job runs, from the compiled config file's URL.
 */
import type { UserConfig } from 'vite';
import { type ErrorCode, SsgError } from '../errors.ts';
import { type ClientBuild, viteClientBundle } from './client.ts';
import { buildServerBundle, type ServerBundle } from './server.ts';
import type { SiteFiles } from './vite-config.ts';

/**
 * The `vite` field of the config another process loaded and checked, by the URL `loadConfig`
 * gave (no second compile): the one field that shapes a bundle.
 */
export async function importViteConfig(url: string | undefined): Promise<UserConfig | undefined> {
  if (!url) return undefined;
  return ((await import(url)) as { default: { vite?: UserConfig } }).default.vite;
}

interface SiteJob {
  root: string;
  files: SiteFiles;
  /** URL of the compiled `ssg.config.*`, whose `vite` field is merged into Vite's config. */
  configUrl?: string;
}

export type BundleJob =
  | ({ kind: 'server' } & SiteJob)
  | ({ kind: 'client'; outDir: string } & SiteJob);

export interface JobFailure {
  code: ErrorCode;
  message: string;
  hint?: string;
  file?: string;
  stack?: string;
}

export type BundleAnswer =
  | { kind: 'server'; server: ServerBundle }
  | { kind: 'client'; client: ClientBuild }
  | { kind: 'error'; error: JobFailure };

export async function runBundleJob(job: BundleJob): Promise<BundleAnswer> {
  try {
    const vite = await importViteConfig(job.configUrl);
    if (job.kind === 'server') {
      return { kind: 'server', server: await buildServerBundle({ ...job, vite }) };
    }
    return { kind: 'client', client: await viteClientBundle({ ...job, vite }) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return {
      kind: 'error',
      error: {
        code: error instanceof SsgError ? error.code : 'BUNDLE_FAILED',
        message: e.message,
        hint: error instanceof SsgError ? error.hint : undefined,
        file: error instanceof SsgError ? error.file : undefined,
        stack: e.stack,
      },
    };
  }
}

/** The error of a failed job, as the build throws it. */
export function jobError(failure: JobFailure): SsgError {
  const cause = Object.assign(new Error(failure.message), { stack: failure.stack });
  return new SsgError(failure.code, failure.message, {
    hint: failure.hint,
    file: failure.file,
    cause,
  });
}
