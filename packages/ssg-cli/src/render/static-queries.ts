// The site's static queries, each evaluated once against the content before any page renders.
import { SsgError } from '../errors.ts';
import type { LoadedSite } from '../types.ts';
import { checkStaticQuerySizes } from './page-data-size.ts';

/** Each static query's id and result, by hash. */
export type StaticQueryResults = Map<string, { id: string; data: unknown }>;

/** Each static query of the site, evaluated once against the content. */
export function evaluateStaticQueries(loaded: LoadedSite, content: unknown): StaticQueryResults {
  const results: StaticQueryResults = new Map();
  for (const query of loaded.site.staticQueries) {
    const other = results.get(query.hash);
    if (other) {
      throw new SsgError(
        'CONFIG',
        `The static queries "${other.id}" and "${query.id}" have the same hash ${query.hash}.`,
        {
          hint: 'Give one of them another id.',
        },
      );
    }
    try {
      results.set(query.hash, { id: query.id, data: query.select(content as never) });
    } catch (error) {
      throw new SsgError(
        'RENDER_FAILED',
        `The static query "${query.id}" failed: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  checkStaticQuerySizes(results);
  return results;
}
