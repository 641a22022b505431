import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SsgError } from '../errors.ts';
import type { BundleJob } from './bundle-child.ts';
import { bundleClient } from './bundle-client.ts';
import type { BuildContext } from './context.ts';

/** Set by bin/compile.mjs when the CLI runs compiled: the compiled child, which needs no tsx. */
declare const SSG_COMPILED_BUNDLE_CHILD: string | undefined;
const CHILD = fileURLToPath(new URL('./bundle-child.ts', import.meta.url));

/**
 * Whether Vite runs in a child process (default): its ~250 MB, which stays allocated after the
 * build, is then never added to the pages held in memory, and its start-up (a Node process,
 * Vite's ~0.5 s of imports) runs on the other core while this process resolves the config,
 * content and routes. `SSG_BUNDLE_PROCESS=0` runs Vite in this process instead.
 */
export const bundleInChild = (): boolean => process.env.SSG_BUNDLE_PROCESS !== '0';

interface Answer {
  client?: BuildContext['client'];
  clientInputs?: string[];
  error?: { code: SsgError['code']; message: string; hint?: string; stack?: string };
}

/** A bundle process started ahead of its job. */
export interface BundleProcess {
  /** Sends the job and waits for the answer. */
  run(job: BundleJob): Promise<{ answer: Answer; code: number | null }>;
  /** Not needed after all (the client was unchanged, or the build failed): ends it; resolves once it exited. */
  cancel(): Promise<void>;
}

/** Starts the bundle child process, which loads Vite and then waits for its job on stdin. */
export function startBundleProcess(): BundleProcess {
  const args =
    typeof SSG_COMPILED_BUNDLE_CHILD === 'string'
      ? [fileURLToPath(SSG_COMPILED_BUNDLE_CHILD)]
      : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href, CHILD];
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  // A child that exits early (cancelled, or crashed) must not take the build down with EPIPE.
  child.stdin!.on('error', () => {});
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  exited.catch(() => {});
  return {
    async run(job) {
      child.stdin!.end(`${JSON.stringify(job)}\n`);
      const code = await exited;
      const line = out
        .trim()
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('{'));
      return { answer: line ? (JSON.parse(line) as Answer) : {}, code };
    },
    async cancel() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited.catch(() => {});
    },
  };
}

/** Stage "bundle": Vite builds the browser code, in the child process started ahead by default. */
export async function bundleClientStage(ctx: BuildContext, started?: BundleProcess): Promise<void> {
  if (!started && !bundleInChild()) return bundleClient(ctx);
  const job: BundleJob = {
    siteDir: ctx.siteDir,
    stagingDir: ctx.stagingDir,
    componentFiles: ctx.loaded.componentFiles,
  };
  const { answer, code } = await (started ?? startBundleProcess()).run(job);
  if (answer.error) {
    const cause = Object.assign(new Error(answer.error.message), { stack: answer.error.stack });
    throw new SsgError(answer.error.code, answer.error.message, { hint: answer.error.hint, cause });
  }
  if (!answer.client) {
    throw new SsgError('BUNDLE_FAILED', `The browser bundle process exited (code ${code}).`, {
      hint: 'Its error is printed above; the previous output was left untouched.',
    });
  }
  ctx.client = answer.client;
  if (ctx.incremental) ctx.incremental.clientInputs = answer.clientInputs;
}
