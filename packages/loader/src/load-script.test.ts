// Real loadScript; a fake document whose scripts load or fail by URL, fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('idle: asks for the idle callback as browsers accept it (Chromium throws on a number as options)', async () => {
    const { doc } = fakeDocument([GTAG]);
    const requestIdleCallback = (f: () => void, ...rest: unknown[]) => {
      if (rest.length > 0 && typeof rest[0] !== 'object')
        throw new TypeError("The provided value is not of type 'IdleRequestOptions'.");
      f();
    };
    await expect(
      loadScript({ src: GTAG, strategy: 'idle', document: doc, requestIdleCallback }),
    ).resolves.toBe(true);
  });

  it.each(['post-hydrate', 'idle'] as const)(
    '%s: offline, it resolves false and never throws',
    async (strategy) => {
      const { doc } = fakeDocument([]);
      const p = loadScript({
        src: GTAG,
        strategy,
        document: doc,
        requestIdleCallback: (f) => f(),
        ...timers,
      });
      await vi.runAllTimersAsync();
      await expect(p).resolves.toBe(false);
    },
  );
});
