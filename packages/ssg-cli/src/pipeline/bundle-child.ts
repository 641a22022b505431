// Runs in a child process started by bundle-process.ts: Vite's builds of the server render and
// of the client, so that Vite's and rolldown's memory (~250 MB that stays allocated after a
// build) is never added to the memory of the process that renders and writes 10,000 pages. The
// process is started when the build starts and loads Vite while the build reads its config.
// Protocol: one JSON job a line on stdin (bundle-job.ts), one JSON answer a line on stdout, in
// order; stdin closed ends it.
import { createInterface } from 'node:readline';
import type { BundleJob } from './bundle-job.ts';

// Loaded while the parent is still busy; the jobs' own imports of them are then instant.
const loading = Promise.all([
  import('./bundle-job.ts'),
  import('vite'),
  import('@vitejs/plugin-react'),
]);
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const [{ runBundleJob }] = await loading;
  const answer = await runBundleJob(JSON.parse(line) as BundleJob);
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
