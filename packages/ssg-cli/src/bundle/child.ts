// Runs in the child process process.ts forks: Vite's builds of the server render and of the
// client, so that Vite's and rolldown's memory (~250 MB that stays allocated after a build) is
// never added to the memory of the process that renders and writes 10,000 pages. The process is
// started when the build starts and loads Vite while the build reads its config.
// Protocol (Node's IPC channel of `fork`): `{ kind: 'ready' }` out once listening, then one
// `BundleJob` message in, one `BundleAnswer` out, in order; the channel closed ends it.
import type { BundleJob } from './job.ts';

// Loaded while the parent is still busy; the jobs' own imports of them are then instant.
const loading = Promise.all([import('./job.ts'), import('vite'), import('@vitejs/plugin-react')]);
// one job at a time, in the order they came
let queue: Promise<void> = Promise.resolve();
process.on('message', (message) => {
  queue = queue.then(async () => {
    const [{ runBundleJob }] = await loading;
    const answer = await runBundleJob(message as BundleJob);
    process.send?.(answer);
  });
});
process.on('disconnect', () => process.exit(0));
// Messages that arrive before the listener above are lost: the parent sends its first job after this.
process.send?.({ kind: 'ready' });
