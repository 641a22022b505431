// Loads a third-party script after hydration or when idle (the framework's worker-idle is off the main thread).
/** Spec §7: after hydration or when idle; off the main thread is the framework's `worker-idle`. */
export type ScriptStrategy = 'post-hydrate' | 'idle';

export interface LoadScriptOptions {
  src: string;
  /** Default `post-hydrate`: inserted at once (call it after hydrating). */
  strategy?: ScriptStrategy;
  document?: Document;
  requestIdleCallback?: (callback: () => void, ms?: number) => unknown;
  setTimeout?: (callback: () => void, ms: number) => unknown;
}

/**
 * Loads a third-party script on the main thread. Resolves true when it ran, false when it could
 * not be loaded; never throws and never reports errors to the visitor (offline, blocked, broken script).
 */
export async function loadScript(o: LoadScriptOptions): Promise<boolean> {
  const doc = o.document ?? document;
  const src = new URL(o.src, doc.baseURI).href;
  if (o.strategy === 'idle') {
    const idle =
      o.requestIdleCallback ?? globalThis.requestIdleCallback ?? o.setTimeout ?? setTimeout;
    // no second argument: Chromium throws on anything but an IdleRequestOptions object
    await new Promise<void>((resolve) => idle(() => resolve()));
  }
  return new Promise<boolean>((resolve) => {
    // one copy per address: a page that renders the tag twice still runs it once
    for (const old of doc.scripts) if (old.src === src) return resolve(true);
    const s = doc.createElement('script');
    s.src = src;
    s.onload = () => resolve(true);
    s.onerror = () => resolve(false);
    doc.head.append(s);
  });
}
