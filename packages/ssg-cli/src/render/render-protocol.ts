// The messages between the render's pool (render-workers.ts) and its threads (render-worker.ts).
import type { PageData } from '@ssg/loader/contract';
import type { ScriptUse } from '../shared/script-use.ts';
import type { ServerRenderInput } from '../shared/server-render.ts';

/** One page to render: its page-data (without what the render finds out) and component name. */
export interface PageJob {
  pageData: PageData;
  component: string;
}

/** What `renderPage` of the server bundle returns for one page. */
export interface PageOutput {
  html: string;
  staticQueryHashes: string[];
  slicesMap: Record<string, string>;
  /** The HTML of the page's static parts (`*.static.tsx`), when it has any. */
  staticHtml?: Record<string, string>;
  /** The `<Script>`s the page rendered, for its policy; absent when it has none. */
  scripts?: ScriptUse[];
}

export interface RenderWorkerData {
  /** URL of the server bundle's entry (plain ESM), which the thread imports. */
  entry: string;
  /** Each slice's HTML by name, rendered once on the main thread. */
  sliceHtml: Array<[string, string]>;
  input: ServerRenderInput;
}

/** A batch of pages: `id` is the index of its first page. */
export interface RenderRequest {
  id: number;
  pages: PageJob[];
}

/** `ready` once the bundle is loaded; then one answer per batch: its outputs, or the page that failed. */
export type RenderReply =
  | { ready: true }
  | { id: number; results: PageOutput[] }
  | { id: number; error: { message: string; stack?: string | undefined; path: string } };
