import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SsgError } from '../errors.ts';
import type { BundleJob } from './bundle-child.ts';
import { bundleClient } from './bundle-client.ts';
import type { BuildContext } from './context.ts';

const CHILD = fileURLToPath(new URL('./bundle-child.ts', import.meta.url));

/**
 * Whether Vite runs in a child process: for large sites, where its ~250 MB (which stays allocated
 * after the build) would add to the pages held in memory. `SSG_BUNDLE_PROCESS=1|0` overrides it.
 * A child costs ~0.3 s more (a Node start and the TypeScript loader).
 */
export function bundleInChild(pages: number): boolean {
  const forced = process.env.SSG_BUNDLE_PROCESS;
  if (forced === '1' || forced === '0') return forced === '1';
  return pages >= 1000;
}

/** Stage "bundle": Vite builds the browser code, in a child process for large sites. */
export async function bundleClientStage(ctx: BuildContext): Promise<void> {
  if (!bundleInChild(ctx.routes?.length ?? 0)) return bundleClient(ctx);
  const job: BundleJob = {
    siteDir: ctx.siteDir,
    stagingDir: ctx.stagingDir,
    componentFiles: ctx.loaded.componentFiles,
  };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
  const child = spawn(process.execPath, ['--import', tsx, CHILD, JSON.stringify(job)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const line = out
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  const answer = line
    ? (JSON.parse(line) as {
        client?: BuildContext['client'];
        clientInputs?: string[];
        error?: { code: SsgError['code']; message: string; hint?: string; stack?: string };
      })
    : {};
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
