// The server render's interface (runtime/server.tsx implements it): declared here so the build,
// its render workers and `ssg dev` call it without DOM types.
import type { PageData, SliceData } from '@ssg/loader/contract';
import type { BrowserDefinition } from '../site/index.ts';
import type { ScriptUse } from './script-use.ts';
import type { TrailingSlash } from './trailing-slash.ts';

export interface ServerRenderInput {
  /** Every static query result of the build, by hash. */
  staticQueryResults: Record<string, unknown>;
  trailingSlash: TrailingSlash;
}

/** What `runtime/server.tsx` exports. */
export interface ServerRenderer {
  renderPage(
    page: PageData,
    component: unknown,
    sliceHtml: ReadonlyMap<string, string>,
    input: ServerRenderInput,
    /** The site's `BrowserDefinition.layout`. */
    layout?: BrowserDefinition['layout'],
  ): {
    html: string;
    staticQueryHashes: string[];
    slicesMap: Record<string, string>;
    /** The HTML of its static parts (`*.static.tsx`), when it has any. */
    staticHtml?: Record<string, string>;
    /** The `<Script>`s its tree rendered (slices' not included), when it has any. */
    scripts?: ScriptUse[];
  };
  renderSlice(
    slice: SliceData,
    component: unknown,
    input: ServerRenderInput,
  ): {
    html: string;
    staticQueryHashes: string[];
    staticHtml?: Record<string, string>;
    scripts?: ScriptUse[];
  };
}
