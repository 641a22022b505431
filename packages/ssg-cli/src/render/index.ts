/**
 * Stage "render": the site's slices and pages to HTML in memory (render-pages.ts), on worker
 * threads too for many pages (render-workers.ts); each page's document (document.ts) and
 * page-data (rendered-page.ts) are made when emit asks for them. What it asks of the incremental
 * cache is `RenderReuse` (reuse.ts); it writes no file.
 */
export { htmlForDevServer } from './document.ts';
export { type RenderedPages, type RenderInput, renderPages } from './render-pages.ts';
export type { PageOutput } from './render-workers.ts';
export type {
  PageFrame,
  RenderedPage,
  RenderedSlice,
} from './rendered-page.ts';
export type { PageReuse, RenderInputs, RenderReuse, StoredOutput } from './reuse.ts';
