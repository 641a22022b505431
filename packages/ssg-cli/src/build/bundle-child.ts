// Runs in a child process started by bundle-process.ts: the Vite build of the client, so that
// Vite's and rolldown's memory (~250 MB that stays allocated after a build) is never added to the
// memory of the process that renders and writes 10,000 pages. Argument: the job as JSON;
// answer: one JSON line on stdout, { client, clientInputs } or { error }.
import { SsgError } from '../errors.ts';
import { bundleClient } from './bundle-client.ts';
import type { BuildContext } from './context.ts';
import type { IncrementalState } from './incremental.ts';

export interface BundleJob {
  siteDir: string;
  stagingDir: string;
  componentFiles: Record<string, string>;
}

const job = JSON.parse(process.argv[2]!) as BundleJob;
// bundleClient reads only these fields of the build context.
const recorder = {} as IncrementalState;
const ctx = {
  siteDir: job.siteDir,
  stagingDir: job.stagingDir,
  loaded: { componentFiles: job.componentFiles },
  incremental: recorder,
  warnings: [],
} as unknown as BuildContext;

try {
  await bundleClient(ctx);
  process.stdout.write(
    `${JSON.stringify({ client: ctx.client, clientInputs: recorder.clientInputs })}\n`,
  );
} catch (error) {
  const e = error as SsgError;
  process.stdout.write(
    `${JSON.stringify({
      error: {
        code: e instanceof SsgError ? e.code : 'BUNDLE_FAILED',
        message: e.message,
        hint: e instanceof SsgError ? e.hint : undefined,
        stack: e.stack,
      },
    })}\n`,
  );
}
