// useStaticQuery(): a static query's result, evaluated at build time.
import { staticQueryUrl } from '@ssg/loader/contract';
import type { StaticQuery } from '../site/index.ts';
import { useRuntime } from './context.ts';

/**
 * The result of a static query, evaluated once at build time. The page's resources carry the
 * results of every query its component tree used; the server render records each use.
 */
export function useStaticQuery<Data>(query: StaticQuery<never, Data>): Data {
  const { resources, collector } = useRuntime();
  collector?.staticQueryHashes.add(query.hash);
  const results = resources.staticQueryResults;
  if (!(query.hash in results)) {
    throw new Error(
      `The static query "${query.id}" (${staticQueryUrl(query.hash)}) was not loaded for ${resources.path}; is it listed in the site's staticQueries?`,
    );
  }
  return results[query.hash] as Data;
}
