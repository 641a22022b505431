// <Script>: third-party scripts after hydration, when idle, or off the main thread.
import { loadScript } from '@ssg/loader';
import { useContext, useEffect } from 'react';
import type { ScriptStrategy } from '../shared/script-use.ts';
import { RuntimeContext } from './context.ts';

export type { ScriptStrategy };

export interface ScriptProps {
  src: string;
  /**
   * `post-hydrate` (default): after hydration; `idle`: when the browser is idle; `worker-idle`:
   * in a Web Worker (no DOM) when the script can run there, else on the main thread when idle;
   * `proxied`: in Partytown's Web Worker, which reaches the DOM through a proxy (the site
   * installs `@qwik.dev/partytown`).
   */
  strategy?: ScriptStrategy;
  /** `worker-idle` and `proxied`: page calls copied to the worker, e.g. `['dataLayer.push']`. */
  forward?: readonly string[];
}

/** Addresses already asked for in this document: pages remount their frame on navigation. */
const started = new Set<string>();

/**
 * A third-party script, loaded once per document in the browser by the chosen strategy. It
 * renders nothing; the server render records it, and the build adds its origin to the page's
 * Content-Security-Policy.
 */
export function Script({ src, strategy = 'post-hydrate', forward }: ScriptProps) {
  useContext(RuntimeContext)?.collector?.scripts.push({ src, strategy });
  useEffect(() => {
    if (started.has(src)) return;
    started.add(src);
    // chunks of their own: sites that never run a script in a worker never download them
    if (strategy === 'worker-idle' || strategy === 'proxied')
      void import('./off-main-thread.ts').then((m) =>
        m.runOffMainThread(strategy, { src, forward: forward ?? [] }),
      );
    else void loadScript({ src, strategy });
  }, [src, strategy, forward]);
  return null;
}
