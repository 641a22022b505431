// Fetching a page's resources: page-data, static queries, slices and component chunks.
import type { Tunables } from './constants.ts';
import type { PageData, SliceData, StaticQueryResult } from './contract.ts';
import { pageDataUrl, sliceDataUrl, staticQueryUrl } from './contract.ts';
import type { FetchConfig, LoadFailure } from './fetch-json.ts';
import { fetchJson, fetchOk, loadError } from './fetch-json.ts';
import { type MatchPath, pageMatching } from './match-path.ts';
import { memo } from './memo.ts';
import { retry } from './retry.ts';
import type { LoadedSlice, PageResources } from './types.ts';

export type ResourceConfig<Component> = FetchConfig &
  Pick<Tunables, 'chunkRetries' | 'chunkRetryPollMs'> & {
    loadComponent: (chunkName: string) => Promise<Component>;
    /** The site's client-only routes, most specific first (none on most sites). */
    matchPaths?: readonly MatchPath[] | undefined;
  };

/** Rejects with `loadError(name, tag)` when `p` rejects. */
const naming = <T>(p: Promise<T>, name: string, tag: Partial<LoadFailure>) =>
  p.catch(() => Promise.reject(loadError(name, tag)));

/**
 * Loads and caches everything one page needs: page-data, component, static queries, slices.
 * `drop()` forgets it all (a new build's content is deployed): the next load fetches again.
 */
export function createResources<Component>(
  o: ResourceConfig<Component>,
  alongside: () => Promise<unknown>,
) {
  // one promise per page path, file URL (both start with /) or chunk name, shared by all callers
  const cache = new Map<string, Promise<unknown>>();
  const once = memo(cache);
  const loaded = new Map<string, PageResources<Component>>();
  // a load that began before a drop must not put the old build's data back
  const keep = (path: string, res: PageResources<Component>) => {
    if (cache.has(path)) loaded.set(path, res);
    return res;
  };

  // a chunk request can fail for a moment (flaky network, deploy in progress): poll it
  const chunk = (name: string) =>
    once(name, () =>
      naming(
        retry(
          () => o.loadComponent(name),
          o.chunkRetries,
          () => o.chunkRetryPollMs,
          o,
        ),
        name,
        { chunk: name },
      ),
    );

  const query = (hash: string) => {
    const url = staticQueryUrl(hash);
    return once(url, () => fetchOk<StaticQueryResult>(url, o, { query: url }));
  };

  const slice = (name: string) =>
    once(sliceDataUrl(name), async (): Promise<LoadedSlice<Component>> => {
      const data = await fetchOk<SliceData>(sliceDataUrl(name), o);
      return { data, component: await chunk(data.componentChunkName) };
    });

  const load = (path: string): Promise<PageResources<Component>> => {
    // a client-only route: the page whose pattern covers the path answers it, at that path
    const owner = pageMatching(o.matchPaths, path);
    if (owner && owner !== path)
      return once(path, async () => keep(path, { ...(await load(owner)), path }));
    return once(path, async () => {
      const url = pageDataUrl(path);
      const fallback = path === '/404.html' || path === '/500.html';
      // a fallback page is loaded after its asker, whose check already ran
      const [r] = await Promise.all([fetchJson<PageData>(url, o), fallback || alongside()]);
      let res: PageResources<Component>;
      if (r.status === 200) {
        const page = r.data;
        const slices: Record<string, LoadedSlice<Component>> = {};
        const staticQueryResults: Record<string, unknown> = {};
        const queries = (hashes: string[] = []) =>
          Promise.all(hashes.map(async (h) => (staticQueryResults[h] = (await query(h)).data)));
        const [component] = await Promise.all([
          chunk(page.componentChunkName),
          queries(page.staticQueryHashes),
          ...Object.values(page.slicesMap).map(async (name) => {
            slices[name] = await slice(name);
            await queries(slices[name].data.staticQueryHashes);
          }),
        ]);
        res = { status: 'success', path, page, component, staticQueryResults, slices };
      } else {
        // a missing 404 / 500 page must not fall back to itself
        if (fallback) throw loadError(url);
        const found = r.status === 404;
        const other = await load(found ? '/404.html' : '/500.html');
        res = { ...other, path, status: found ? 'not-found' : 'server-error' };
      }
      return keep(path, res);
    });
  };

  const drop = () => {
    cache.clear();
    loaded.clear();
  };

  return { load, loaded, drop };
}
