// Where the bundle jobs run: a forked child process (IPC messages), or this process.
import { rm } from 'node:fs/promises';
import { SsgError } from '../errors.ts';
import { type ClientBuild, filesOf } from './client.ts';
import { aheadDirOf, moveFiles } from './client-ahead.ts';
import { type BundleChild, forkBundleChild } from './fork-child.ts';
import { type BundleAnswer, type BundleJob, jobError, runBundleJob } from './job.ts';
import type { ServerBundle } from './server.ts';

type Job<K extends BundleJob['kind']> = Omit<Extract<BundleJob, { kind: K }>, 'kind'>;
/** A client job before the build knows its staging folder. */
export type ClientSite = Omit<Job<'client'>, 'outDir'>;

/**
 * Where the bundle jobs of one build run. Vite's process starts at the first job, or earlier at
 * `warmUp()`: a build whose bundles are all reused never starts it (its ~85 MB and its start-up).
 */
export interface Bundler {
  /** A job will come: Vite's process starts loading now, beside what this process does meanwhile. */
  warmUp(): void;
  server(job: Job<'server'>): Promise<ServerBundle>;
  /**
   * The client is bundled now, in Vite's process right after the server bundle, into a folder of
   * its own while this process loads the site's code, content and routes; `client()` then takes it.
   * Nothing when Vite runs in this process (its jobs there run one at a time).
   */
  clientAhead(site: ClientSite): void;
  /** The client bundle in `outDir`: the one made ahead for the same site, moved there, or a new one. */
  client(job: Job<'client'>): Promise<ClientBuild>;
  /** No more jobs (or the build failed): ends the process; resolves once it exited. */
  stop(): Promise<void>;
}

/**
 * `inChild` (default): Vite runs in a child process: its ~250 MB, which stays allocated after the
 * build, is then never added to the pages held in memory, and its start-up (a Node process,
 * Vite's ~0.5 s of imports) runs on the other core while this process reads the config. False
 * (BuildSwitches.bundleProcess) runs Vite in this process instead. `forked`
 * (BuildSwitches.bundleChild): a bundle process the caller started already, taken instead of a
 * new one, and ended by `stop()` even when no job came.
 */
export function startBundler({
  inChild = true,
  forked,
}: {
  inChild?: boolean | undefined;
  forked?: BundleChild | undefined;
} = {}): Bundler {
  let child: ReturnType<typeof startBundleProcess> | undefined;
  let early = forked;
  let stopped = false;
  const start = () => {
    const taken = early;
    early = undefined;
    return startBundleProcess(taken);
  };
  const runner = () => {
    if (!inChild) return { run: runHere };
    if (stopped) throw new SsgError('BUNDLE_FAILED', 'A bundle job came after the build stopped.');
    child ??= start();
    return child;
  };
  const ask = async (job: BundleJob): Promise<BundleAnswer> => {
    const answer = await runner().run(job);
    if (answer.kind === 'error') throw jobError(answer.error);
    return answer;
  };
  const askClient = async (job: Job<'client'>): Promise<ClientBuild> => {
    const answer = await ask({ kind: 'client', ...job });
    if (answer.kind !== 'client') throw unexpected(answer.kind);
    return answer.client;
  };
  const keyOf = ({ root, files, configUrl }: ClientSite) =>
    JSON.stringify([root, files, configUrl]);
  let ahead: { key: string; dir: Promise<string>; build: Promise<ClientBuild> } | undefined;
  return {
    warmUp() {
      if (inChild && !stopped) child ??= start();
    },
    async server(job) {
      const answer = await ask({ kind: 'server', ...job });
      if (answer.kind !== 'server') throw unexpected(answer.kind);
      return answer.server;
    },
    clientAhead(site) {
      if (!inChild || stopped || ahead) return;
      const dir = aheadDirOf(site.files);
      const build = dir.then((outDir) => askClient({ ...site, outDir }));
      build.catch(() => {}); // its failure is the client job's, if the build asks for it
      ahead = { key: keyOf(site), dir, build };
    },
    async client(job) {
      if (!ahead || ahead.key !== keyOf(job)) return askClient(job);
      const built = await ahead.build;
      await moveFiles(await ahead.dir, job.outDir, filesOf(built.manifest));
      return built;
    },
    async stop() {
      stopped = true;
      // forked for a build that then reused its bundles (or ran Vite here): ended unused
      if (early) child ??= startBundleProcess(early);
      early = undefined;
      await child?.stop();
      // what a client made ahead left (all of it, when the build reused another) goes with it
      if (ahead) await rm(await ahead.dir, { recursive: true, force: true });
    },
  };
}

/**
 * A job in this process. Vite sets NODE_ENV when it is unset (to the mode's): put back after
 * each job, so the host process's environment is left as it was.
 */
async function runHere(job: BundleJob): Promise<BundleAnswer> {
  const had = Object.hasOwn(process.env, 'NODE_ENV');
  const before = process.env.NODE_ENV;
  try {
    return await runBundleJob(job);
  } finally {
    if (had) process.env.NODE_ENV = before;
    else delete process.env.NODE_ENV;
  }
}

const unexpected = (kind: string) =>
  new SsgError('BUNDLE_FAILED', `The bundle process answered "${kind}" out of turn.`);

/** The bundle child process (forked now, or `forked` earlier), which loads Vite and then answers jobs one by one over IPC. */
function startBundleProcess(forked?: BundleChild): {
  run(job: BundleJob): Promise<BundleAnswer>;
  stop(): Promise<void>;
} {
  const { process: child, listening } = forked ?? forkBundleChild();
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  exited.catch(() => {});
  // answers come in the order of the jobs: each waits for the one before, the first for the
  // child's "ready" (a job sent while the child still loads its modules would be lost)
  let turn: Promise<unknown> = listening;
  function nextMessage() {
    return new Promise<BundleAnswer>((resolve, reject) => {
      const onMessage = (answer: BundleAnswer) => {
        child.off('exit', onExit);
        resolve(answer);
      };
      const onExit = (code: number | null = child.exitCode) => {
        child.off('message', onMessage);
        reject(
          new SsgError('BUNDLE_FAILED', `The bundle process exited (code ${code}).`, {
            hint: 'Its error is printed above; the previous output was left untouched.',
          }),
        );
      };
      // never started (spawn failed: 'error', no 'exit', no pid): no message will come either
      if (child.pid === undefined) {
        return reject(
          new SsgError('BUNDLE_FAILED', 'The bundle process could not start.', {
            hint: 'Node could not start a process (out of memory or process slots?); the previous output was left untouched.',
          }),
        );
      }
      // gone already: no message will come
      if (child.exitCode !== null || child.signalCode !== null) return onExit();
      child.once('message', onMessage);
      child.once('exit', onExit);
    });
  }
  turn.catch(() => {});
  return {
    run(job) {
      const answer = turn.then(() => {
        const next = nextMessage();
        // a child that exited early (stopped, or crashed) cannot take a job: nextMessage rejects
        if (child.connected) child.send(job);
        return next;
      });
      turn = answer.catch(() => {});
      return answer;
    },
    async stop() {
      if (child.connected) child.disconnect();
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      // A job still running is not waited for: the build no longer needs it.
      child.kill();
      // Vite installs a SIGTERM handler in the child; a child that outlives it for 3 s is killed,
      // never left to keep this process (and the `ssg build` command) waiting.
      const hard = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited.catch(() => {});
      clearTimeout(hard);
    },
  };
}
