// Real runInWorker and forwardCalls; faked: the Worker (answers as told, records messages), the page's window, timers, the main-thread fallback.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WORKER_FALLBACK_MS } from '../shared/script-use.ts';
import type { ForwardMessage } from './worker-forward.ts';
import { runInWorker } from './worker-script.ts';

type Behaviour = 'ran' | 'failed' | 'unreachable' | 'error-event' | 'throws' | 'silent';

/** Workers that answer the way `behaviour` says: ran, failed, threw on creation, or never. */
function fakeWorker(behaviour: Behaviour) {
  const made: Array<{ terminated: boolean; messages: ForwardMessage[] }> = [];
  class W {
    onmessage?: (e: { data: unknown }) => void;
    onerror?: (e: { preventDefault(): void }) => void;
    terminated = false;
    messages: ForwardMessage[] = [];
    constructor() {
      if (behaviour === 'throws') throw new DOMException('blocked by CSP', 'SecurityError');
      made.push(this);
      queueMicrotask(() => {
        if (behaviour === 'ran') this.onmessage?.({ data: 1 });
        // what the bootstrap posts: 0 when the script threw, -1 when it could not be fetched
        if (behaviour === 'failed') this.onmessage?.({ data: 0 });
        if (behaviour === 'unreachable') this.onmessage?.({ data: -1 });
        if (behaviour === 'error-event') this.onerror?.({ preventDefault() {} });
      });
    }
    postMessage(m: ForwardMessage) {
      this.messages.push(structuredClone(m));
    }
    terminate() {
      this.terminated = true;
    }
  }
  return { Worker: W as unknown as new (url: string) => Worker, made };
}

const GTAG = 'https://www.googletagmanager.com/gtag/js?id=G-TEST';
type Page = Window & typeof globalThis & { dataLayer?: unknown[] };

function setup(behaviour: Behaviour) {
  const page = { document: { baseURI: 'https://clinica.example/' } } as unknown as Page;
  const mainThread: string[] = [];
  const w = fakeWorker(behaviour);
  const run = (extra: { fallbackMs?: number } = {}) =>
    runInWorker({
      src: GTAG,
      forward: ['dataLayer.push'],
      window: page,
      Worker: w.Worker,
      setTimeout: (f, ms) => setTimeout(f, ms),
      onMainThread: async (src) => {
        mainThread.push(src);
        return true;
      },
      ...extra,
    });
  return { page, mainThread, w, run };
}

/** What gtag() pushes: its `arguments` object. */
function gtagCall(..._: unknown[]): IArguments {
  // biome-ignore lint/complexity/noArguments: the gtag contract pushes `arguments` objects
  return arguments;
}

describe('runInWorker (worker-idle)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs the script in a worker, adds nothing to the page and copies every dataLayer entry to it', async () => {
    const { page, mainThread, w, run } = setup('ran');
    page.dataLayer = [gtagCall('js', 'now')];
    await expect(run()).resolves.toBe(true);
    page.dataLayer.push(gtagCall('event', 'page_view', { page_path: '/' }));
    expect(mainThread).toEqual([]);
    expect(page.dataLayer).toHaveLength(2); // the page keeps its own record
    expect(w.made[0]?.messages).toEqual([
      { path: 'dataLayer.push', args: [{ argumentsOf: ['js', 'now'] }] },
      {
        path: 'dataLayer.push',
        args: [{ argumentsOf: ['event', 'page_view', { page_path: '/' }] }],
      },
    ]);
  });

  it('an entry the worker cannot receive as is (a callback) still arrives as data', async () => {
    const { page, w, run } = setup('ran');
    await run();
    page.dataLayer?.push({ event: 'x', eventCallback: () => {} });
    expect(w.made[0]?.messages.at(-1)).toEqual({ path: 'dataLayer.push', args: [{ event: 'x' }] });
  });

  it.each(['failed', 'error-event', 'throws'] as const)(
    'when the worker %s, the script runs on the main thread and the page queue is whole',
    async (behaviour) => {
      const { page, mainThread, w, run } = setup(behaviour);
      page.dataLayer = [gtagCall('js', 'now')];
      await expect(run()).resolves.toBe(true);
      expect(mainThread).toEqual([GTAG]);
      expect(w.made.every((x) => x.terminated)).toBe(true);
      const before = w.made[0]?.messages.length ?? 0;
      page.dataLayer.push(gtagCall('event', 'click_navigate'));
      expect(page.dataLayer).toHaveLength(2);
      expect(w.made[0]?.messages.length ?? 0).toBe(before); // no more copies to a dead worker
    },
  );

  it('a script the worker cannot reach is not tried again on the main thread', async () => {
    const { mainThread, w, run } = setup('unreachable');
    await expect(run()).resolves.toBe(false);
    expect(mainThread).toEqual([]);
    expect(w.made[0]?.terminated).toBe(true);
  });

  it('a silent worker hands over to the main thread after 10 s, or the time given', async () => {
    const { mainThread, run } = setup('silent');
    const p = run();
    await vi.advanceTimersByTimeAsync(WORKER_FALLBACK_MS - 1);
    expect(mainThread).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toBe(true);
    expect(WORKER_FALLBACK_MS).toBe(10_000);
    const other = setup('silent');
    void other.run({ fallbackMs: 500 });
    await vi.advanceTimersByTimeAsync(500);
    expect(other.mainThread).toEqual([GTAG]);
  });
});
