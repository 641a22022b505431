// What stage "render" asks of the incremental cache: each page's previous output when its inputs
// are unchanged, and a place for this build's. incremental/ implements it; render knows nothing of the file.
import type { SliceData } from '@ssg/loader/contract';
import type { RouteDefinition } from '../site/index.ts';
import type { PageOutput } from './render-workers.ts';

/** What a render of pages uses besides the route: the static queries' results and the slices. */
export interface RenderInputs {
  queries: ReadonlyMap<string, { data: unknown }>;
  slices: ReadonlyArray<{ name: string; sliceData: SliceData; html: string }>;
}

/** A page's render output with its body read from the store when asked for. */
export interface StoredOutput extends Omit<PageOutput, 'html'> {
  body(): string;
  /** The site hrefs of the page's links (page-links.ts), kept so a reused page is not read for them. */
  links: readonly string[];
}

/** The cache as one render sees it: a page's previous output, and this build's to keep. */
export interface PageReuse {
  /**
   * The output an earlier build rendered from the same inputs, if any (the route's data is read,
   * through its `loadData`, only when an earlier build kept the page).
   */
  reuse(route: RouteDefinition): StoredOutput | undefined;
  /** This build's render of a page from `data`, for the next build; its body goes to the store. */
  store(
    route: RouteDefinition,
    data: unknown,
    output: PageOutput,
    links: readonly string[],
  ): StoredOutput;
}

/** What stage "render" asks of the incremental cache. */
export interface RenderReuse {
  /** The pages' cache for a render of these queries and slices (they are part of each key). */
  forRender(inputs: RenderInputs): PageReuse;
  /** Every page is rendered or reused: what was stored is final (the cache may start saving it). */
  rendered(): void;
}
