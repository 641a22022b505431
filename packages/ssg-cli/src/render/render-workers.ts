// Rendering pages on worker threads as well as the main thread, for large sites.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../child-module.ts';
import { SsgError } from '../errors.ts';
import type { ServerRenderInput } from '../types.ts';
import type {
  PageJob,
  PageOutput,
  RenderReply,
  RenderRequest,
  RenderWorkerData,
} from './render-protocol.ts';

export type { PageJob, PageOutput };

export interface PoolOptions {
  /** URL of the server bundle's entry, which each worker imports. */
  entry: string;
  sliceHtml: ReadonlyMap<string, string>;
  input: ServerRenderInput;
  /** Renders one page on the main thread (which takes batches too); throws an SsgError naming it. */
  renderHere: (job: PageJob) => PageOutput;
  workers: number;
  /** Pages per message: large enough that messaging costs little, small enough to balance. */
  batch?: number;
  /** Default true: the main thread renders batches too. False leaves all pages to the workers. */
  mainThread?: boolean;
  /** Takes each page's output as it arrives (then none is kept or returned): the render streams. */
  deliver?: (index: number, output: PageOutput) => void;
}

/** The pages to render: an array, or a list that makes each job when it is sent. */
export interface Jobs {
  readonly length: number;
  at(index: number): PageJob | undefined;
}

/** Jobs `start` to `end`, made as they are sent. */
const slice = (jobs: Jobs, start: number, end: number): PageJob[] =>
  Array.from({ length: end - start }, (_, j) => jobs.at(start + j) as PageJob);

/**
 * Worker threads to add to the main thread: one per core beyond the first two, at most 3 (each
 * holds its own React and site code, ~30 MB). BuildSwitches.renderWorkers overrides it.
 */
export function workerCount(pages: number): number {
  // With React's production build one thread renders ~15,000 bench pages a second; a worker
  // costs ~0.4 s to start and to copy pages and results. At 10,000 pages on 2 busy cores render took
  // 0.56-0.62 s on the main thread alone and 0.70-1.12 s with one worker, so they pay only above this.
  if (pages < 25_000) return 0;
  // The main thread needs a core of its own beside them: it makes each job, reads each page's data,
  // stores each body and collects the garbage. On 2 cores one worker lost at 100,000 pages (render
  // 5.4 s on the main thread alone, 6.7 s with the worker, peak RSS after render 427 against
  // 547 MB; load 1.7-2.6).
  return Math.max(0, Math.min(availableParallelism() - 2, 3));
}

/**
 * Renders pages on the main thread and `workers` worker threads at once, in batches taken from one
 * queue, so a slow or busy thread takes fewer. Results come back in the order of `jobs` whatever
 * thread rendered them, so the output does not depend on scheduling; with `deliver`, each output
 * goes there as it arrives and nothing is returned (memory stays bounded at any number of pages).
 */
export async function renderInParallel(jobs: Jobs, options: PoolOptions): Promise<PageOutput[]> {
  const batch = options.batch ?? 200;
  const results = options.deliver ? [] : new Array<PageOutput>(jobs.length);
  const deliver =
    options.deliver ??
    ((index: number, output: PageOutput) => {
      results[index] = output;
    });
  let next = 0;
  let done = 0;
  let failure: unknown;
  const take = (): [number, number] | undefined => {
    if (next >= jobs.length || failure) return undefined;
    const start = next;
    next = Math.min(jobs.length, next + batch);
    return [start, next];
  };

  const pool: Worker[] = [];
  let settle: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const check = () => {
    if (done === jobs.length || failure) settle();
  };
  const addWorker = (): void => {
    const workerData: RenderWorkerData = {
      entry: options.entry,
      sliceHtml: [...options.sliceHtml],
      input: options.input,
    };
    const worker = startWorker(import.meta.url, 'render-worker', { workerData });
    pool.push(worker);
    const inFlight = new Map<number, number>();
    const send = () => {
      const range = take();
      if (!range) return;
      inFlight.set(range[0], range[1]);
      const request: RenderRequest = { id: range[0], pages: slice(jobs, range[0], range[1]) };
      worker.postMessage(request);
    };
    worker.on('message', (message: RenderReply) => {
      if ('ready' in message) return send();
      if ('error' in message) {
        const cause = Object.assign(new Error(message.error.message), {
          stack: message.error.stack,
        });
        failure ??= new SsgError(
          'RENDER_FAILED',
          `Rendering page ${message.error.path} failed: ${message.error.message}`,
          {
            hint: 'The stack below points to the component; the previous output was left untouched.',
            cause,
          },
        );
        return check();
      }
      const end = inFlight.get(message.id);
      if (end === undefined) return; // not a batch this worker was sent
      inFlight.delete(message.id);
      message.results.forEach((result, j) => {
        deliver(message.id + j, result);
      });
      done += end - message.id;
      send();
      check();
    });
    worker.on('error', (error) => {
      failure ??= new SsgError('RENDER_FAILED', `A render worker failed: ${error.message}`, {
        cause: error,
      });
      check();
    });
    worker.on('exit', (code) => {
      // Terminated by us at the end, or died with work in flight: then the build must not hang.
      if (inFlight.size > 0) {
        failure ??= new SsgError('RENDER_FAILED', `A render worker exited (code ${code}).`);
        check();
      }
    });
  };

  try {
    for (let i = 0; i < options.workers; i++) addWorker();
    // The main thread renders too; between batches it yields so worker messages are handled.
    for (;;) {
      const range = options.mainThread === false && options.workers > 0 ? undefined : take();
      if (!range) break;
      slice(jobs, range[0], range[1]).forEach((job, j) => {
        deliver(range[0] + j, options.renderHere(job));
      });
      done += range[1] - range[0];
      await new Promise((resolve) => setImmediate(resolve));
    }
    check();
    await finished;
    if (failure) throw failure;
    return results;
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
}
