import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SsgError } from '../errors.ts';
import type { ClientBundleOutput } from './bundle-client.ts';
import { type BundleAnswer, type BundleJob, jobError, runBundleJob } from './bundle-job.ts';
import type { ServerBundle } from './server-bundle.ts';

/**
 * Whether Vite runs in a child process (default): its ~250 MB, which stays allocated after the
 * build, is then never added to the pages held in memory, and its start-up (a Node process,
 * Vite's ~0.5 s of imports) runs on the other core while this process reads the config.
 * `SSG_BUNDLE_PROCESS=0` runs Vite in this process instead.
 */
export const bundleInChild = (): boolean => process.env.SSG_BUNDLE_PROCESS !== '0';

type Job<K extends BundleJob['kind']> = Omit<Extract<BundleJob, { kind: K }>, 'kind'>;

/** Where the bundle jobs of one build run; started ahead of its first job. */
export interface Bundler {
  server(job: Job<'server'>): Promise<ServerBundle>;
  client(job: Job<'client'>): Promise<ClientBundleOutput>;
  /** No more jobs (or the build failed): ends the process; resolves once it exited. */
  stop(): Promise<void>;
}

export function startBundler(): Bundler {
  const run = bundleInChild() ? startBundleProcess() : { run: runBundleJob, stop: async () => {} };
  const ask = async (job: BundleJob): Promise<BundleAnswer> => {
    const answer = await run.run(job);
    if (answer.kind === 'error') throw jobError(answer.error);
    return answer;
  };
  return {
    async server(job) {
      const answer = await ask({ kind: 'server', ...job });
      if (answer.kind !== 'server') throw unexpected(answer.kind);
      return answer.server;
    },
    async client(job) {
      const answer = await ask({ kind: 'client', ...job });
      if (answer.kind !== 'client') throw unexpected(answer.kind);
      return answer.client;
    },
    stop: run.stop,
  };
}

const unexpected = (kind: string) =>
  new SsgError('BUNDLE_FAILED', `The bundle process answered "${kind}" out of turn.`);

/** The compiled child beside this module, or the TypeScript one through tsx (tests, from sources). */
function childArgs(): string[] {
  const here = import.meta.url;
  if (here.endsWith('.js')) return [fileURLToPath(new URL('./bundle-child.js', here))];
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm')).href;
  return ['--import', tsx, fileURLToPath(new URL('./bundle-child.ts', here))];
}

/** Starts the bundle child process, which loads Vite and then answers jobs one by one. */
function startBundleProcess(): {
  run(job: BundleJob): Promise<BundleAnswer>;
  stop(): Promise<void>;
} {
  const child: ChildProcess = spawn(process.execPath, childArgs(), {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const { stdin, stdout } = child;
  if (!stdin || !stdout) throw new SsgError('BUNDLE_FAILED', 'The bundle process has no pipes.');
  // A child that exits early (stopped, or crashed) must not take the build down with EPIPE.
  stdin.on('error', () => {});
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  exited.catch(() => {});
  const lines = createInterface({ input: stdout })[Symbol.asyncIterator]();
  return {
    async run(job) {
      stdin.write(`${JSON.stringify(job)}\n`);
      for (;;) {
        const next = await lines.next();
        if (next.done) {
          const code = await exited.catch(() => null);
          throw new SsgError('BUNDLE_FAILED', `The bundle process exited (code ${code}).`, {
            hint: 'Its error is printed above; the previous output was left untouched.',
          });
        }
        // Anything else a plugin printed on stdout is not an answer.
        if (next.value.startsWith('{"kind"')) return JSON.parse(next.value) as BundleAnswer;
        process.stderr.write(`${next.value}\n`);
      }
    },
    async stop() {
      stdin.end();
      // A job still running is not waited for: the build no longer needs it.
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited.catch(() => {});
    },
  };
}
