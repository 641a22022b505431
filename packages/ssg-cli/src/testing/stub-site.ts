// Test-only (excluded from the build): a LoadedSite whose server renderer is a hand-made object,
// so the build's pure middle runs in milliseconds with no Vite, no React and no disk.
import type { PageData, SliceData } from '@ssg/loader/contract';
import type { ClientBundle } from '../bundle/client.ts';
import { type RenderedPages, type RenderInput, renderPages } from '../render/render-pages.ts';
import { collectRoutes, type Routes } from '../routes/collect-routes.ts';
import { escapeHtml } from '../shared/html.ts';
import type { ServerRenderer, ServerRenderInput } from '../shared/server-render.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import type {
  ComponentModule,
  RouteDefinition,
  SiteDefinition,
  SliceDefinition,
  StaticQuery,
} from '../site/index.ts';
import type { LoadedSite } from '../types.ts';

/** A page or slice module of the stub: what its tree uses, or the error it throws when rendered. */
export interface StubModule extends ComponentModule {
  /** Slice placeholders it renders: alias → slice name. */
  slices?: Record<string, string>;
  /** Hashes of the static queries it reads. */
  queries?: string[];
  /** Rendering it throws an Error with this message. */
  fails?: string;
}

export const stubModule = (uses: Omit<StubModule, 'default'> = {}): StubModule => ({
  default: () => null,
  ...uses,
});

/** What the stub renderer was asked to render, in order. */
export interface RenderCall {
  kind: 'page' | 'slice';
  /** The page's path or the slice's chunk name. */
  what: string;
  input: ServerRenderInput;
}

const partsOf = (mod: StubModule, input: ServerRenderInput, data: unknown): string => {
  if (mod.fails !== undefined) throw new Error(mod.fails);
  const queries = (mod.queries ?? []).map((hash) =>
    JSON.stringify(input.staticQueryResults[hash] ?? null),
  );
  return escapeHtml([JSON.stringify(data), ...queries].join('|'));
};

/**
 * A server renderer that writes `<main>` with the page's data, the static query results its module
 * reads and the HTML of its slices; `calls` records each render.
 */
export function stubRenderer(calls: RenderCall[] = []): ServerRenderer {
  return {
    renderPage(page: PageData, component, sliceHtml, input) {
      calls.push({ kind: 'page', what: page.path, input });
      const mod = component as StubModule;
      const slices = mod.slices ?? {};
      const inner = Object.values(slices)
        .map((name) => sliceHtml.get(name) ?? '')
        .join('');
      return {
        html: `<main>${partsOf(mod, input, page.result.data)}${inner}</main>`,
        staticQueryHashes: mod.queries ?? [],
        slicesMap: { ...slices },
      };
    },
    renderSlice(slice: SliceData, component, input) {
      calls.push({ kind: 'slice', what: slice.componentChunkName, input });
      const mod = component as StubModule;
      return {
        html: `<aside>${partsOf(mod, input, slice.result.data)}</aside>`,
        staticQueryHashes: mod.queries ?? [],
      };
    },
  };
}

/** A client bundle as Vite would describe it, for two components and the site's CSS. */
export const stubClient = (styles = 'body{color:#123}'): ClientBundle => ({
  entry: '_ssg/app-e1.js',
  entryChunks: { js: ['_ssg/app-e1.js', '_ssg/react-r1.js'] },
  components: {
    home: { js: ['_ssg/home-h1.js', '_ssg/shared-s1.js'] },
    page: { js: ['_ssg/page-p1.js', '_ssg/shared-s1.js'] },
    footer: { js: ['_ssg/footer-f1.js'] },
  },
  styles,
  files: ['_ssg/app-e1.js', '_ssg/react-r1.js', '_ssg/home-h1.js', '_ssg/page-p1.js'],
});

export interface StubSiteInput {
  routes: RouteDefinition[];
  slices?: SliceDefinition[];
  staticQueries?: ReadonlyArray<StaticQuery<unknown, unknown>>;
  /** Component name → module; default: `home`, `page` and `footer`, each using nothing. */
  modules?: Record<string, StubModule>;
  lang?: string;
  files?: SiteDefinition<unknown>['files'];
  calls?: RenderCall[];
}

/** The three pages every site has, plus `extra`. */
export const requiredRoutes = (...extra: RouteDefinition[]): RouteDefinition[] => [
  { path: '/', component: 'home', head: { title: 'Home' }, data: { greeting: 'olá' } },
  { path: '/404.html', component: 'page', head: { title: 'Not found' } },
  { path: '/500.html', component: 'page', head: { title: 'Error' } },
  ...extra,
];

/** The site as the bundle stage would have loaded it, rendering through `stubRenderer`. */
export function stubSite(input: StubSiteInput): LoadedSite {
  const modules = input.modules ?? {
    home: stubModule(),
    page: stubModule(),
    footer: stubModule(),
  };
  const site: SiteDefinition<unknown> = {
    loadContent: async () => ({ ok: true, content: {}, files: [] }),
    routes: () => input.routes,
    slices: () => input.slices ?? [],
    staticQueries: input.staticQueries ?? [],
    ...(input.lang === undefined ? {} : { lang: input.lang }),
    ...(input.files === undefined ? {} : { files: input.files }),
  };
  const components = Object.fromEntries(
    Object.entries(modules).map(([name, mod]) => [name, async () => mod]),
  );
  return {
    site,
    browser: { components },
    componentFiles: {},
    codeHash: 'code-1',
    render: stubRenderer(input.calls),
  };
}

/** Routes, then render, of a stub site: what emit receives. */
export async function renderStub(
  loaded: LoadedSite,
  options: Partial<Omit<RenderInput, 'loaded' | 'routes'>> & { trailingSlash?: TrailingSlash } = {},
): Promise<{ routes: Routes; rendered: RenderedPages; client: ClientBundle }> {
  const trailingSlash = options.trailingSlash ?? 'always';
  const content = options.content ?? {};
  const routes = collectRoutes({ loaded, trailingSlash }, content);
  const client = options.client ?? stubClient();
  const rendered = await renderPages({
    serviceWorker: true,
    ...options,
    loaded,
    trailingSlash,
    content,
    routes,
    client,
  });
  return { routes, rendered, client };
}
