// <Script>: third-party scripts after hydration, when idle, or off the main thread.
import { loadScript } from '@ssg/loader';
import { useEffect } from 'react';

export type ScriptStrategy = 'post-hydrate' | 'idle' | 'off-main-thread';

export interface ScriptProps {
  src: string;
  /** `post-hydrate` (default): after hydration; `idle`: when the browser is idle; `off-main-thread`: proxied through a worker. */
  strategy?: ScriptStrategy;
}

/** Addresses already asked for in this document: pages remount their frame on navigation. */
const started = new Set<string>();

/**
 * A third-party script, loaded once per document in the browser by the chosen strategy;
 * renders nothing on the server.
 */
export function Script({ src, strategy = 'post-hydrate' }: ScriptProps) {
  useEffect(() => {
    if (started.has(src)) return;
    started.add(src);
    void loadScript({ src, strategy });
  }, [src, strategy]);
  return null;
}
