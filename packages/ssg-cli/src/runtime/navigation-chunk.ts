// The navigation chunk (navigation.ts), fetched once: right after hydration (it also holds the
// after-hydration work), or earlier at a first intent or navigation.
type Navigation = typeof import('./navigation.ts');

let chunk: Promise<Navigation> | undefined;

/** The navigation module; a failed fetch is forgotten, so the next call tries again. */
export function navigationChunk(): Promise<Navigation> {
  chunk ??= import('./navigation.ts').then(
    (nav) => {
      nav.afterHydration();
      return nav;
    },
    (error: unknown) => {
      chunk = undefined;
      throw error;
    },
  );
  return chunk;
}
