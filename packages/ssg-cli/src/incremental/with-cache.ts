// The incremental cache around the stages, inside the output folder: opened once the folder is
// claimed, dropped after a failure, saved once the stages placed the output.
import type { Staging } from '../output/index.ts';
import type { CacheSite, FinishedBuild, IncrementalCache, Reused } from './cache.ts';
import { openIncremental } from './open-cache.ts';

/** What the stages made, as the cache keeps it: the output placed, and the build's warnings. */
export interface CachedWork {
  finished: FinishedBuild;
  warnings: string[];
}

/**
 * Runs `work` with the cache of the site's output folder; `staging` as the cache knows it: when
 * the last output is there, its unchanged files are linked, so no folder is made ahead. A cache
 * that cannot be saved is a warning, not a failure.
 */
export async function withCache<T extends CachedWork>(
  site: CacheSite,
  folder: Staging,
  work: (cache: IncrementalCache, staging: Staging) => Promise<T>,
): Promise<T & { reused: Reused }> {
  const cache = await openIncremental(site);
  folder.dropOnFailure(cache);
  const staging: Staging = cache.hadOutput
    ? { ...folder, writer: (plan) => folder.writer({ files: plan.files }) }
    : folder;
  const built = await work(cache, staging);
  const warnings = [...built.warnings];
  await cache.save(built.finished).catch((error: Error) => {
    warnings.push(`The incremental build cache was not saved: ${error.message}`);
  });
  return { ...built, warnings, reused: cache.reused() };
}
