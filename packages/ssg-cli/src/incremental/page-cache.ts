// The page half of the cache: each page's render output under a key of everything the render
// read, so a page is rendered again exactly when one of its inputs changed. In memory each page
// is its keys and a reference into the body store: no page's HTML is held.

import type { PageOutput } from '../render/render-workers.ts';
import type { PageReuse, RenderInputs, StoredOutput } from '../render/reuse.ts';
import { routeData } from '../routes/collect-routes.ts';
import type { RouteDefinition } from '../site/index.ts';
import type { BodyStore } from './body-store.ts';
import type { SavedPage } from './cache-file.ts';
import { sha } from './digest.ts';

interface Digests {
  queries: ReadonlyMap<string, string>;
  slices: ReadonlyMap<string, string>;
}

/** Digest of everything a render of `route` with `data` reads besides static queries and slices. */
export const pageKey = (
  codeHash: string,
  trailingSlash: string,
  route: RouteDefinition,
  data: unknown,
): string =>
  sha(
    codeHash,
    trailingSlash,
    JSON.stringify([route.path, route.component, data, route.pageContext ?? {}, route.head]),
  );

/** Digest of the static query results and slices one render output used. */
export function depsDigest(
  output: Pick<PageOutput, 'staticQueryHashes' | 'slicesMap'>,
  digests: Digests,
): string {
  const parts: string[] = [];
  for (const hash of output.staticQueryHashes) parts.push(`q:${hash}:${digests.queries.get(hash)}`);
  for (const name of [...new Set(Object.values(output.slicesMap))].sort())
    parts.push(`s:${name}:${digests.slices.get(name)}`);
  return sha(...parts);
}

/** Where this build's bodies go, and the previous build's store when it is another file. */
export interface Bodies {
  store: BodyStore;
  previous?: BodyStore;
}

/** The pages of one build: what the saved cache offers, and what this build keeps for the next. */
export class PageCache {
  /** This build's pages (keys and body references), by page path. */
  readonly pages = new Map<string, SavedPage>();
  reused = 0;
  private readonly same = new Map<string, unknown>();

  constructor(
    private readonly saved: Readonly<Record<string, SavedPage>>,
    private readonly codeHash: string,
    private readonly trailingSlash: string,
    readonly bodies: Bodies,
  ) {}

  /** The cache as one render sees it: keys include that render's queries and slices. */
  forRender(inputs: RenderInputs): PageReuse {
    const digests: Digests = {
      queries: new Map(
        [...inputs.queries].map(([hash, q]) => [hash, sha(JSON.stringify(q.data ?? null))]),
      ),
      slices: new Map(
        inputs.slices.map((s) => [s.name, sha(`${JSON.stringify(s.sliceData)}\0${s.html}`)]),
      ),
    };
    const keyOf = (route: RouteDefinition, data: unknown) =>
      pageKey(this.codeHash, this.trailingSlash, route, data);
    const { store, previous } = this.bodies;
    const stored = (entry: SavedPage, staticHtml?: PageOutput['staticHtml']): StoredOutput =>
      new CachedOutput(entry, store, staticHtml);
    return {
      reuse: (route) => {
        const entry = this.saved[route.path];
        if (!entry || entry.key !== keyOf(route, routeData(route))) return undefined;
        if (depsDigest(entry, digests) !== entry.deps) return undefined;
        const kept: SavedPage = {
          ...entry,
          ...this.shared(entry),
          body: store.keep(entry.body, previous),
        };
        if (entry.statics) kept.statics = store.keep(entry.statics, previous);
        this.pages.set(route.path, kept);
        this.reused++;
        return stored(kept, kept.statics && JSON.parse(store.get(kept.statics)));
      },
      store: (route, data, output, links) => {
        const entry: SavedPage = {
          key: keyOf(route, data),
          ...this.shared({ ...output, deps: depsDigest(output, digests) }),
          ...(output.scripts ? { scripts: output.scripts } : {}),
          body: store.put(output.html),
          links,
        };
        if (output.staticHtml) entry.statics = store.put(JSON.stringify(output.staticHtml));
        this.pages.set(route.path, entry);
        return stored(entry, output.staticHtml);
      },
    };
  }

  /** One copy of the values most pages hold alike: 100,000 pages share one `[]`, `{}` and digest. */
  private shared(
    entry: Pick<SavedPage, 'deps' | 'staticQueryHashes' | 'slicesMap'>,
  ): Pick<SavedPage, 'deps' | 'staticQueryHashes' | 'slicesMap'> {
    const one = <T>(value: T): T => {
      const key = JSON.stringify(value);
      const had = this.same.get(key);
      if (had !== undefined) return had as T;
      this.same.set(key, value);
      return value;
    };
    return {
      deps: one(entry.deps),
      staticQueryHashes: one(entry.staticQueryHashes),
      slicesMap: one(entry.slicesMap),
    };
  }

  /** The page at `path` rendered from the inputs of the last build's: its output is the same. */
  unchanged(path: string): boolean {
    const now = this.pages.get(path);
    const then = this.saved[path];
    return (
      now !== undefined && then !== undefined && now.key === then.key && now.deps === then.deps
    );
  }

  /** Every page of this build came from the cache: its page half need not be written again. */
  get allReused(): boolean {
    return this.reused === this.pages.size;
  }
}

/** A page's output as the cache holds it: its index entry, its body read from the store when asked. */
class CachedOutput implements StoredOutput {
  constructor(
    private readonly entry: SavedPage,
    private readonly store: BodyStore,
    readonly staticHtml?: PageOutput['staticHtml'],
  ) {}

  get staticQueryHashes(): string[] {
    return this.entry.staticQueryHashes;
  }

  get slicesMap(): Record<string, string> {
    return this.entry.slicesMap;
  }

  get links(): readonly string[] {
    return this.entry.links;
  }

  get scripts(): PageOutput['scripts'] {
    return this.entry.scripts;
  }

  body(): string {
    return this.store.get(this.entry.body);
  }
}
