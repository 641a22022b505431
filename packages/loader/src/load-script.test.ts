// Real loadScript; a fake document whose scripts load or fail by URL, a fake Worker, fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFF_MAIN_THREAD_TIMEOUT_MS } from './constants.ts';
import { loadScript } from './load-script.ts';

type FakeScript = { src: string; onload?: () => void; onerror?: () => void };

/** A document whose `<script>`s load when their URL is in `reachable` and fail otherwise. */
function fakeDocument(reachable: string[]) {
  const added: FakeScript[] = [];
  const doc = {
    baseURI: 'https://clinica.example/servicos/',
    createElement: () => ({ src: '' }),
    scripts: added,
    head: {
      append(s: FakeScript) {
        added.push(s);
        queueMicrotask(() => (reachable.includes(s.src) ? s.onload?.() : s.onerror?.()));
      },
    },
  };
  return { doc: doc as unknown as Document, added };
}

/** Workers that answer the way `behaviour` says: ran, failed, threw on creation, or never. */
function fakeWorker(
  behaviour: 'ran' | 'failed' | 'unreachable' | 'error-event' | 'throws' | 'silent',
) {
  const made: Array<{ url: string; terminated: boolean }> = [];
  class W {
    onmessage?: (e: { data: unknown }) => void;
    onerror?: (e: { preventDefault(): void }) => void;
    terminated = false;
    constructor(public url: string) {
      if (behaviour === 'throws') throw new DOMException('blocked by CSP', 'SecurityError');
      made.push(this);
      queueMicrotask(() => {
        if (behaviour === 'ran') this.onmessage?.({ data: 1 });
        // what the worker posts when importScripts throws: the error's name
        if (behaviour === 'failed') this.onmessage?.({ data: 'TypeError' });
        if (behaviour === 'unreachable') this.onmessage?.({ data: 'NetworkError' });
        if (behaviour === 'error-event') this.onerror?.({ preventDefault() {} });
      });
    }
    terminate() {
      this.terminated = true;
    }
  }
  return { Worker: W as unknown as new (url: string) => Worker, made };
}

const GTAG = 'https://www.googletagmanager.com/gtag/js?id=G-TEST';
const timers = { setTimeout: (f: () => void, ms: number) => setTimeout(f, ms) };

describe('loadScript', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('post-hydrate: adds the script at once', async () => {
    const { doc, added } = fakeDocument([GTAG]);
    const p = loadScript({ src: GTAG, document: doc });
    expect(added.map((s) => s.src)).toEqual([GTAG]);
    await expect(p).resolves.toBe(true);
  });

  it('does not add a script whose address is already in the document', async () => {
    const { doc, added } = fakeDocument([GTAG]);
    await loadScript({ src: GTAG, document: doc });
    await expect(loadScript({ src: GTAG, document: doc })).resolves.toBe(true);
    expect(added).toHaveLength(1);
  });

  it('off-main-thread: a script the worker cannot reach is not tried again on the main thread', async () => {
    const { doc, added } = fakeDocument([]);
    const { Worker, made } = fakeWorker('unreachable');
    await expect(
      loadScript({ src: GTAG, strategy: 'off-main-thread', document: doc, Worker, ...timers }),
    ).resolves.toBe(false);
    expect(added).toEqual([]); // no <script>: no "Failed to load resource" in the console
    expect(made[0]?.terminated).toBe(true);
  });

  it('idle: waits for the browser to be idle', async () => {
    const { doc, added } = fakeDocument(['https://clinica.example/chat.js']);
    const idle: Array<() => void> = [];
    const p = loadScript({
      src: '/chat.js',
      strategy: 'idle',
      document: doc,
      requestIdleCallback: (f) => idle.push(f),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(added).toEqual([]);
    idle[0]?.();
    await expect(p).resolves.toBe(true);
    expect(added[0]?.src).toBe('https://clinica.example/chat.js');
  });

  it('off-main-thread: runs in a worker and adds nothing to the page', async () => {
    const { doc, added } = fakeDocument([GTAG]);
    const w = fakeWorker('ran');
    const p = loadScript({
      src: GTAG,
      strategy: 'off-main-thread',
      document: doc,
      Worker: w.Worker,
      ...timers,
    });
    await expect(p).resolves.toBe(true);
    expect(w.made).toHaveLength(1);
    expect(added).toEqual([]);
  });

  it.each(['failed', 'error-event', 'throws'] as const)(
    'off-main-thread: falls back to the main thread when the worker %s',
    async (behaviour) => {
      const { doc, added } = fakeDocument([GTAG]);
      const w = fakeWorker(behaviour);
      const p = loadScript({
        src: GTAG,
        strategy: 'off-main-thread',
        document: doc,
        Worker: w.Worker,
        ...timers,
      });
      await expect(p).resolves.toBe(true);
      expect(added.map((s) => s.src)).toEqual([GTAG]);
      expect(w.made.every((x) => x.terminated)).toBe(true);
    },
  );

  it('off-main-thread: a silent worker hands over to the main thread after 10 s', async () => {
    const { doc, added } = fakeDocument([GTAG]);
    const w = fakeWorker('silent');
    const p = loadScript({
      src: GTAG,
      strategy: 'off-main-thread',
      document: doc,
      Worker: w.Worker,
      ...timers,
    });
    await vi.advanceTimersByTimeAsync(OFF_MAIN_THREAD_TIMEOUT_MS - 1);
    expect(added).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toBe(true);
    expect(added).toHaveLength(1);
    expect(w.made[0]?.terminated).toBe(true);
    expect(OFF_MAIN_THREAD_TIMEOUT_MS).toBe(10_000);
  });

  it('takes another fallback time', async () => {
    const { doc, added } = fakeDocument([GTAG]);
    const w = fakeWorker('silent');
    loadScript({
      src: GTAG,
      strategy: 'off-main-thread',
      document: doc,
      Worker: w.Worker,
      fallbackMs: 500,
      ...timers,
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(added).toHaveLength(1);
  });

  it.each(['post-hydrate', 'idle', 'off-main-thread'] as const)(
    '%s: offline, it resolves false and never throws',
    async (strategy) => {
      const { doc } = fakeDocument([]);
      const w = fakeWorker('failed');
      const p = loadScript({
        src: GTAG,
        strategy,
        document: doc,
        Worker: w.Worker,
        requestIdleCallback: (f) => f(),
        ...timers,
      });
      await vi.runAllTimersAsync();
      await expect(p).resolves.toBe(false);
    },
  );
});
