// Whether the output is the last build's without making every file: when everything it is made
// of (each page's render inputs, the data files, the client and the document options) has the
// fingerprint of the last build, so are its bytes, compilation hash and warnings.
import { createHash } from 'node:crypto';
import type { CompilationMemo, Memo } from '../emit/reuse.ts';
import type { LastBuild } from './cache-file.ts';
import type { PageCache } from './page-cache.ts';

/** The memo over the cache's pages and the last build's saved memo. */
export function compilationMemo(
  pages: PageCache,
  last: LastBuild | undefined,
  documentOptions: string,
  keep: (memo: Memo) => void,
): CompilationMemo {
  return {
    documentOptions,
    pageInputs(paths) {
      // one digest fed page by page: 200,000 arguments to one call overflow the stack
      const digest = createHash('sha256');
      for (const path of paths) {
        const entry = pages.pages.get(path);
        if (!entry) return undefined;
        digest.update(`${entry.key}\0${entry.deps}\0`);
      }
      return digest.digest('hex');
    },
    lookup: (fingerprint) =>
      last?.memo?.fingerprint === fingerprint && last.compilationHash === last.memo.compilationHash
        ? last.memo
        : undefined,
    lastWarnings: last?.memo?.warnings ?? {},
    remember: keep,
  };
}
