// Real prefetch queue; fake idle callbacks, fake navigator, vitest's fake timers; load is a spy.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { desktop } from '../test/fakes.ts';
import { LOADER_DEFAULTS, PREFETCH_BATCH_INTERVAL_MS, PREFETCH_BATCH_SIZE } from './constants.ts';
import type { NavigatorLike } from './platform.ts';
import { createPrefetchQueue } from './prefetch-queue.ts';

function setup(load: (path: string) => Promise<unknown>, navigator: NavigatorLike = desktop()) {
  const idle: Array<() => void> = [];
  const loaded: string[] = [];
  const enqueue = createPrefetchQueue(
    {
      ...LOADER_DEFAULTS,
      navigator,
      setTimeout: (f, ms) => setTimeout(f, ms),
      requestIdleCallback: (f) => idle.push(f),
    },
    (path) => {
      loaded.push(path);
      return load(path);
    },
  );
  const runIdle = () => {
    for (const f of idle.splice(0)) f();
  };
  return { enqueue, loaded, runIdle, idle };
}

const paths = (n: number) => Array.from({ length: n }, (_, i) => `/p${i}/`);

describe('prefetch queue', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('loads 4 paths per batch, only in idle time, 3000 ms apart', async () => {
    const q = setup(async () => ({}));
    for (const p of paths(10)) expect(q.enqueue(p)).toBeNull();
    expect(q.loaded).toEqual([]); // nothing before the browser is idle
    q.runIdle();
    expect(q.loaded).toEqual(paths(4));
    await vi.advanceTimersByTimeAsync(PREFETCH_BATCH_INTERVAL_MS - 1);
    q.runIdle();
    expect(q.loaded).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(q.loaded).toHaveLength(4); // the next batch waits for idle time again
    q.runIdle();
    expect(q.loaded).toEqual(paths(8));
    await vi.advanceTimersByTimeAsync(PREFETCH_BATCH_INTERVAL_MS);
    q.runIdle();
    expect(q.loaded).toEqual(paths(10));
    expect([PREFETCH_BATCH_SIZE, PREFETCH_BATCH_INTERVAL_MS]).toEqual([4, 3000]);
  });

  it('goes on after a failed prefetch: the good paths behind it still load', async () => {
    const q = setup(async (path) => {
      if (path === '/p0/') throw new Error('/page-data/p0/page-data.json could not be loaded');
      return {};
    });
    for (const p of paths(6)) q.enqueue(p);
    q.runIdle();
    await vi.advanceTimersByTimeAsync(PREFETCH_BATCH_INTERVAL_MS);
    q.runIdle();
    expect(q.loaded).toEqual(paths(6));
  });

  it('goes on while a prefetch hangs forever', async () => {
    const q = setup((path) => (path === '/p0/' ? new Promise(() => {}) : Promise.resolve({})));
    for (const p of paths(5)) q.enqueue(p);
    q.runIdle();
    await vi.advanceTimersByTimeAsync(PREFETCH_BATCH_INTERVAL_MS);
    q.runIdle();
    expect(q.loaded).toEqual(paths(5));
  });

  it('starts again when paths come after the queue ran dry', async () => {
    const q = setup(async () => ({}));
    q.enqueue('/a/');
    q.runIdle();
    await vi.advanceTimersByTimeAsync(PREFETCH_BATCH_INTERVAL_MS);
    q.enqueue('/b/');
    q.runIdle();
    expect(q.loaded).toEqual(['/a/', '/b/']);
  });

  it('queues a path once', () => {
    const q = setup(async () => ({}));
    expect(q.enqueue('/a/')).toBeNull();
    expect(q.enqueue('/a/')).toBe('already-queued');
    q.runIdle();
    expect(q.loaded).toEqual(['/a/']);
  });

  it.each([
    ['2g', desktop({ connection: { effectiveType: '2g' } })],
    ['save-data', desktop({ connection: { saveData: true } })],
    ['bot', desktop({ userAgent: 'Googlebot/2.1' })],
    ['offline', desktop({ onLine: false })],
  ])('loads nothing and says why: %s', (reason, navigator) => {
    const q = setup(async () => ({}), navigator);
    expect(q.enqueue('/a/')).toBe(reason);
    q.runIdle();
    expect(q.idle).toHaveLength(0);
    expect(q.loaded).toEqual([]);
  });
});
