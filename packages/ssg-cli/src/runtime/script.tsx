import { loadScript } from '@ssg/loader';
import { useEffect } from 'react';

export type ScriptStrategy = 'post-hydrate' | 'idle' | 'off-main-thread';

export interface ScriptProps {
  src: string;
  /** `post-hydrate` (default): after hydration; `idle`: when the browser is idle; `off-main-thread`: proxied through a worker. */
  strategy?: ScriptStrategy;
}

/** A third-party script, loaded in the browser by the chosen strategy; renders nothing on the server. */
export function Script({ src, strategy = 'post-hydrate' }: ScriptProps) {
  useEffect(() => {
    void loadScript({ src, strategy });
  }, [src, strategy]);
  return null;
}
