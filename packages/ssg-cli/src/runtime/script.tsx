// <Script>: third-party scripts after hydration, when idle, or off the main thread.
import { loadScript } from '@ssg/loader';
import { useEffect } from 'react';

export type ScriptStrategy = 'post-hydrate' | 'idle' | 'worker-idle';

export interface ScriptProps {
  src: string;
  /**
   * `post-hydrate` (default): after hydration; `idle`: when the browser is idle; `worker-idle`:
   * in a Web Worker (no DOM) when the script can run there, else on the main thread when idle.
   */
  strategy?: ScriptStrategy;
  /** `worker-idle` only: page calls copied to the worker, e.g. `['dataLayer.push']`. */
  forward?: readonly string[];
}

/** Addresses already asked for in this document: pages remount their frame on navigation. */
const started = new Set<string>();

/**
 * A third-party script, loaded once per document in the browser by the chosen strategy;
 * renders nothing on the server.
 */
export function Script({ src, strategy = 'post-hydrate', forward }: ScriptProps) {
  useEffect(() => {
    if (started.has(src)) return;
    started.add(src);
    // its own chunk: sites that never use worker-idle never download it
    if (strategy === 'worker-idle')
      void import('./worker-script.ts').then((m) => m.runInWorker({ src, forward: forward ?? [] }));
    else void loadScript({ src, strategy });
  }, [src, strategy, forward]);
  return null;
}
