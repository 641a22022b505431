// The server render of pages and slices (runs in the build and in `ssg dev`).
import type { PageData, PageResources, SliceData } from '@ssg/loader';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { ScriptUse } from '../shared/script-use.ts';
import { sortedScripts } from '../shared/script-use.ts';
import type { LayoutProps, SliceProps } from '../site/index.ts';
import { RouteAnnouncer } from './announcer.tsx';
import { type RenderCollector, RuntimeContext, type RuntimeState } from './context.ts';
import { PageTree } from './page.tsx';
import type { TrailingSlash } from './paths.ts';
import { staticHtmlOf } from './static-html.ts';

export { escapeAttribute, escapeHtml, jsonForScript } from '../shared/escape.ts';
export { ROOT_ID } from './client-constants.ts';
export { headToHtml } from './head-html.ts';

export interface ServerRenderInput {
  /** Every static query result of the build, by hash. */
  staticQueryResults: Record<string, unknown>;
  trailingSlash: TrailingSlash;
}

/** The site's layout, from its browser definition. */
export type ServerLayout = ComponentType<LayoutProps<never, never>> | undefined;

export interface ServerRenderOutput {
  html: string;
  staticQueryHashes: string[];
  slicesMap: Record<string, string>;
  /** The HTML of the page's static parts, for its page-data; absent when it has none. */
  staticHtml?: Record<string, string>;
  /** The `<Script>`s the page rendered, for its policy; absent when it has none. */
  scripts?: ScriptUse[];
}

/** The collector's scripts as an output field: absent when there are none. */
const scriptsOf = (collector: RenderCollector): { scripts?: ScriptUse[] } =>
  collector.scripts.length > 0 ? { scripts: sortedScripts(collector.scripts) } : {};

function serverState(
  resources: PageResources,
  collector: RenderCollector,
  trailingSlash: TrailingSlash,
): RuntimeState {
  return {
    resources,
    location: { pathname: resources.path, search: '', hash: '' },
    trailingSlash,
    collector,
    navigate: () =>
      Promise.reject(new Error('navigate() is not available during the server render.')),
  };
}

const sorted = (set: Iterable<string>): string[] => [...set].sort();

/** One page to HTML, in memory; records which static queries and slices its tree used. */
export function renderPage(
  page: PageData,
  component: unknown,
  sliceHtml: ReadonlyMap<string, string>,
  input: ServerRenderInput,
  layout?: ServerLayout,
): ServerRenderOutput {
  const collector: RenderCollector = {
    staticQueryHashes: new Set(),
    slices: new Map(),
    sliceHtml,
    scripts: [],
  };
  const resources: PageResources = {
    status: 'success',
    path: page.path,
    page,
    component,
    staticQueryResults: input.staticQueryResults,
    slices: {},
  };
  const state = serverState(resources, collector, input.trailingSlash);
  const html = renderToString(
    <RuntimeContext.Provider value={state}>
      <PageTree shown={state} layout={layout} />
      <RouteAnnouncer message="" />
    </RuntimeContext.Provider>,
  );
  return {
    html,
    staticQueryHashes: sorted(collector.staticQueryHashes),
    slicesMap: Object.fromEntries([...collector.slices].sort(([a], [b]) => a.localeCompare(b))),
    ...staticHtmlOf(html, sliceHtml),
    ...scriptsOf(collector),
  };
}

/** One slice to HTML, once per build; pages embed it. */
export function renderSlice(
  slice: SliceData,
  component: unknown,
  input: ServerRenderInput,
): {
  html: string;
  staticQueryHashes: string[];
  staticHtml?: Record<string, string>;
  scripts?: ScriptUse[];
} {
  const collector: RenderCollector = {
    staticQueryHashes: new Set(),
    slices: new Map(),
    sliceHtml: new Map(),
    scripts: [],
  };
  const resources: PageResources = {
    status: 'success',
    path: '',
    page: {
      componentChunkName: slice.componentChunkName,
      path: '',
      result: { data: null, pageContext: {} },
      staticQueryHashes: [],
      slicesMap: {},
    },
    component,
    staticQueryResults: input.staticQueryResults,
    slices: {},
  };
  const Component = (component as { default: ComponentType<SliceProps> }).default;
  const html = renderToString(
    <RuntimeContext.Provider value={serverState(resources, collector, input.trailingSlash)}>
      <Component data={slice.result.data} sliceContext={slice.result.sliceContext} />
    </RuntimeContext.Provider>,
  );
  return {
    html,
    staticQueryHashes: sorted(collector.staticQueryHashes),
    ...staticHtmlOf(html),
    ...scriptsOf(collector),
  };
}
