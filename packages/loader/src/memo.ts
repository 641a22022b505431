/**
 * A cache of one promise per key (in `cache`, which its owner may clear), shared by concurrent
 * callers. A rejected promise is dropped so that the next caller tries again instead of
 * inheriting a failure that may be transient.
 */
export function memo(cache: Map<string, Promise<unknown>>) {
  return <T>(key: string, make: () => Promise<T>): Promise<T> => {
    let p = cache.get(key) as Promise<T> | undefined;
    if (!p) {
      p = make();
      cache.set(key, p);
      p.catch(() => cache.delete(key));
    }
    return p;
  };
}

/** The cache key of a path: `#hash` never changes the resources, so it is stripped. */
export const pathKey = (path: string): string => path.split('#')[0] as string;
