// The digest every cache key and seal of the incremental cache is made with.
import { createHash } from 'node:crypto';

/** sha256 of the parts, each ended by a NUL so that ["ab", "c"] and ["a", "bc"] differ. */
export const sha = (...parts: Array<string | Uint8Array>): string => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};
