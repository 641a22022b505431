// Runs in a child process started by bundle-process.ts: the Vite build of the client, so that
// Vite's and rolldown's memory (~250 MB that stays allocated after a build) is never added to the
// memory of the process that renders and writes 10,000 pages. The process is started when the
// build starts: it loads Vite while the build resolves its config, then reads its job, one JSON
// line on stdin; answer: one JSON line on stdout, { client, clientInputs } or { error }.
import { SsgError } from '../errors.ts';
import type { BuildContext } from './context.ts';
import type { IncrementalState } from './incremental.ts';

export interface BundleJob {
  siteDir: string;
  stagingDir: string;
  componentFiles: Record<string, string>;
}

const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

// Loaded while the parent is still busy; bundleClient's own imports of them are then instant.
const loading = Promise.all([
  import('./bundle-client.ts'),
  import('vite'),
  import('@vitejs/plugin-react'),
]);
let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
// stdin closed without a job: the parent needed no bundle (its client was unchanged).
if (input.trim()) {
  const job = JSON.parse(input) as BundleJob;
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
    const [{ bundleClient }] = await loading;
    await bundleClient(ctx);
    answer({ client: ctx.client, clientInputs: recorder.clientInputs });
  } catch (error) {
    const e = error as SsgError;
    answer({
      error: {
        code: e instanceof SsgError ? e.code : 'BUNDLE_FAILED',
        message: e.message,
        hint: e instanceof SsgError ? e.hint : undefined,
        stack: e.stack,
      },
    });
  }
}
