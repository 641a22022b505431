// Loads a third-party script after hydration, when idle, or off the main thread.
import { OFF_MAIN_THREAD_TIMEOUT_MS } from './constants.ts';

/** Spec §7: after hydration, when idle, or proxied through a Web Worker. */
export type ScriptStrategy = 'post-hydrate' | 'idle' | 'off-main-thread';

export interface LoadScriptOptions {
  src: string;
  /** Default `post-hydrate`: inserted at once (call it after hydrating). */
  strategy?: ScriptStrategy;
  /** Off-main-thread falls back to the main thread after this long. Default 10 000 ms. */
  fallbackMs?: number;
  document?: Document;
  requestIdleCallback?: (callback: () => void, ms?: number) => unknown;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  /** Default the global `Worker`; the script runs in one made from a Blob via `importScripts`. */
  Worker?: new (
    url: string,
  ) => Worker;
}

/**
 * Loads a third-party script. Resolves true when it ran, false when it could not be loaded;
 * never throws and never reports errors to the visitor (offline, blocked, broken script).
 */
export async function loadScript(o: LoadScriptOptions): Promise<boolean> {
  const doc = o.document ?? document;
  const src = new URL(o.src, doc.baseURI).href;
  const wait = o.setTimeout ?? setTimeout;
  let worker: Worker | undefined;

  const inject = () =>
    new Promise<boolean>((resolve) => {
      // one copy per address: a page that renders the tag twice still runs it once
      for (const old of doc.scripts) if (old.src === src) return resolve(true);
      const s = doc.createElement('script');
      s.src = src;
      s.onload = () => resolve(true);
      s.onerror = () => resolve(false);
      doc.head.append(s);
    });

  if (o.strategy === 'idle') {
    const idle = o.requestIdleCallback ?? globalThis.requestIdleCallback ?? wait;
    await new Promise<void>((resolve) => idle(() => resolve(), 1));
  }
  if (o.strategy !== 'off-main-thread') return inject();

  const ran = await new Promise<unknown>((resolve) => {
    // the worker may never report (stuck network): the main thread takes over in time
    wait(() => resolve(0), o.fallbackMs ?? OFF_MAIN_THREAD_TIMEOUT_MS);
    try {
      const code = `try{importScripts(${JSON.stringify(src)});postMessage(1)}catch(e){postMessage(e.name)}`;
      worker = new (o.Worker ?? Worker)(URL.createObjectURL(new Blob([code])));
      worker.onmessage = (e) => resolve(e.data);
      worker.onerror = (e) => {
        e.preventDefault(); // the visitor never sees errors of third-party code
        resolve(0);
      };
    } catch {
      resolve(0); // no Worker, or a CSP that forbids blob workers
    }
  });
  if (ran === 1) return true;
  worker?.terminate();
  // unreachable from the worker (offline, blocked): the main thread would only fail the same way, noisily
  return ran !== 'NetworkError' && inject();
}
