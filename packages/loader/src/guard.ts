// A once-per-session flag in storage, so a reload for a new build never loops.
import type { StorageLike } from './platform.ts';

/**
 * A once-per-session guard for reloads: true (and remembered) the first time `key` is set to
 * `value`, false afterwards. Storage that is missing or throws answers false: without a place
 * to remember the reload, reloading could loop forever, so the page stays as it is.
 */
export function takeOnce(storage: () => StorageLike | undefined, key: string, value: string) {
  try {
    // no storage: the call below throws, which answers false
    const s = storage() as StorageLike;
    if (s.getItem(key) === value) return false;
    s.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Forgets a guard after a clean load, so that a later deploy may reload once again. */
export function clearOnce(storage: () => StorageLike | undefined, key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // storage blocked: nothing was remembered either
  }
}
