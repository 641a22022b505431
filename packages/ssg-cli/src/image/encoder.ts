/**
 * The encoder process: every decode and encode of the image service runs in one child process,
 * started on the first job (a warm build, whose files are all cached, never starts it).
 * Why a process: sharp's threads free memory into glibc's per-thread arenas, which keep it;
 * 100 photos of 12 MP grew a build by 654 MB. Started with `MALLOC_ARENA_MAX=2`, a 20-photo
 * build peaked at 410 MB instead of 635 MB, no slower (137 s against 154 s, load 4).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { childModule } from '../child-module.ts';
import { SsgError } from '../errors.ts';
import { limiter } from './limit.ts';
import type { PixelJob } from './pixels.ts';

export interface EncoderRequest {
  id: number;
  job: PixelJob;
}
export type EncoderAnswer =
  | { kind: 'ready' }
  | { id: number; bytes: Uint8Array }
  | { id: number; error: string };

/** Pixel work, answered by the encoder process. A job that fails rejects with sharp's message. */
export interface Encoder {
  run(job: PixelJob): Promise<Buffer>;
  /** Ends the process now, not after its idle time; resolves once it exited. */
  close(): Promise<void>;
}

type Pending = { resolve(bytes: Buffer): void; reject(error: Error): void };

/** How long an idle encoder process waits for more work (`ssg dev`) before it ends. */
const IDLE_MS = 5_000;

/** An encoder whose process starts on the first job and ends after `idleMs` without one. */
export function createEncoder({ idleMs = IDLE_MS }: { idleMs?: number } = {}): Encoder {
  let child: ChildProcess | undefined;
  let ready: Promise<void> | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  // Two lanes: one AVIF encode at a time (~180 MB each at 2048 px; two at once took the process
  // from 245 to 349 MB on 4 photos) beside the lighter WebP, JPEG, PNG and placeholder jobs,
  // so every core stays busy while the memory stays bounded.
  const cores = Math.max(1, availableParallelism());
  const heavy = limiter(Math.max(1, Math.floor(cores / 2)));
  const light = limiter(Math.max(1, cores - 1));

  const stop = () => {
    const ending = child;
    child = undefined;
    ready = undefined;
    if (ending?.connected) ending.disconnect();
  };

  // Idle, the process and its channel must not keep `ssg build` (or a test) from exiting.
  const hold = (busy: boolean) => {
    if (busy) child?.ref();
    else child?.unref();
    const channel = child?.channel;
    if (busy) channel?.ref();
    else channel?.unref();
  };

  const start = (): Promise<void> => {
    const { file, execArgv } = childModule(import.meta.url, 'encoder-child');
    const spawned = fork(file, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // A person's own setting wins; 2 arenas hold a cold build of 100 photos to ~300 MB more.
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
    });
    child = spawned;
    return new Promise<void>((resolve, reject) => {
      spawned.on('message', (answer: EncoderAnswer) => {
        if ('kind' in answer) return resolve();
        const waiting = pending.get(answer.id);
        pending.delete(answer.id);
        if ('error' in answer) waiting?.reject(new Error(answer.error));
        else
          waiting?.resolve(
            Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength),
          );
        if (pending.size === 0) {
          hold(false);
          idle = setTimeout(stop, idleMs).unref();
        }
      });
      const gone = (reason: string) => {
        // an idle process that was told to end: nothing was waiting on it
        if (child !== spawned) return;
        const error = exited(reason);
        reject(error);
        for (const waiting of pending.values()) waiting.reject(error);
        pending.clear();
        // the next job starts a new process
        child = undefined;
        ready = undefined;
      };
      spawned.on('error', (error) => gone(error.message));
      spawned.on('exit', (code, signal) => gone(signal ? `signal ${signal}` : `code ${code}`));
    });
  };

  const send = async (job: PixelJob): Promise<Buffer> => {
    clearTimeout(idle);
    ready ??= start();
    const id = nextId++;
    const answer = new Promise<Buffer>((resolve, reject) => pending.set(id, { resolve, reject }));
    // a process that never started rejects both: the caller gets it from `ready`
    answer.catch(() => {});
    hold(true);
    await ready;
    child?.send({ id, job } satisfies EncoderRequest);
    return answer;
  };
  return {
    run: (job) => (job.kind === 'resize' && job.format === 'avif' ? heavy : light)(() => send(job)),
    async close() {
      clearTimeout(idle);
      const ending = child;
      stop();
      if (!ending || ending.exitCode !== null || ending.signalCode !== null) return;
      // an idle process is unref'd: held again, or a caller awaiting close() as its last work
      // sees the event loop empty first (Node exits 13, "unsettled top-level await")
      ending.ref();
      await new Promise((resolve) => ending.once('exit', resolve));
    },
  };
}

const exited = (reason: string) =>
  new SsgError('IMAGE_ENCODER_FAILED', `The image encoder process stopped (${reason}).`, {
    hint: 'Its error is printed above. If the machine ran out of memory, close other programs and build again; the previous output was left untouched.',
  });
