// The navigation chunk (navigation.ts), fetched once: at the visitor's first intent (pointer, touch, focus on a link), else at the first navigation.
type Navigation = typeof import('./navigation.ts');

let chunk: Promise<Navigation> | undefined;

/** The navigation module; a failed fetch is forgotten, so the next call tries again. */
export function navigationChunk(): Promise<Navigation> {
  chunk ??= import('./navigation.ts').catch((error: unknown) => {
    chunk = undefined;
    throw error;
  });
  return chunk;
}
