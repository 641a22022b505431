// The tree of one page: the site's layout around the page component, with its slices.
import type { PageResources } from '@ssg/loader';
import { Activity, type ComponentType, memo } from 'react';
import type { LayoutProps, PageProps } from '../site/index.ts';
import { FOCUS_WRAPPER_ID } from './client-constants.ts';
import { RuntimeContext, type RuntimeState } from './context.ts';

export interface PageTreeProps {
  /** The page shown, and what its components read from the runtime. */
  shown: RuntimeState;
  /**
   * A page rendered ahead, hidden, because the visitor is about to open it (pointer over or
   * pressing its link): opening it shows DOM that already exists instead of building it.
   */
  ahead?: RuntimeState | null | undefined;
  /** The page just left, hidden: going back to it shows DOM that already exists. */
  behind?: RuntimeState | null | undefined;
  /** The site's persistent layout (`defineBrowser({ layout })`), around every page. */
  layout?: ComponentType<LayoutProps<never, never>> | undefined;
}

function PageComponent({ resources }: { resources: PageResources }) {
  const Component = (resources.component as { default: ComponentType<PageProps> }).default;
  const { data, pageContext } = resources.page.result;
  return <Component data={data} pageContext={pageContext} path={resources.path} />;
}

/**
 * A page's identity in the tree: its path, but one key for every path of a client-only route, so
 * that its component stays mounted (and keeps its state) while only the location changes.
 */
const keyOf = (resources: PageResources): string =>
  resources.page.matchPath ? resources.page.path : resources.path;

/**
 * One page with its runtime state. Memoized on that state object: the page rendered ahead keeps
 * its state when it is shown, so the click only reveals it instead of rendering it again.
 */
const PageView = memo(function PageView({ state }: { state: RuntimeState }) {
  return (
    <RuntimeContext.Provider value={state}>
      <PageComponent resources={state.resources} />
    </RuntimeContext.Provider>
  );
});

/**
 * The page shown (and, hidden, the one rendered ahead and the one just left) inside the site's layout. The layout is the
 * same element type at the same place for every page, so React keeps it (and its state) across
 * client navigations; only the pages inside it change. Each page is an `Activity` keyed by its
 * path with the runtime state of its own, so the page rendered ahead becomes the page shown
 * without being rendered again. The pages sit in one focusable wrapper, where focus goes after a
 * client navigation. Memoized: the app's own state (announcer, progress bar) changes
 * without rendering the pages again.
 */
export const PageTree = memo(function PageTree({ shown, ahead, behind, layout }: PageTreeProps) {
  // The page shown comes first in the document: an id its hidden neighbours share resolves to it.
  const pages = [shown];
  for (const page of [ahead, behind])
    if (page && pages.every((p) => keyOf(p.resources) !== keyOf(page.resources))) pages.push(page);
  const children = pages.map((state) => (
    <Activity key={keyOf(state.resources)} mode={state === shown ? 'visible' : 'hidden'}>
      <PageView state={state} />
    </Activity>
  ));
  // Focus lands here after a client navigation; a script's focus shows no ring (Tab never stops here).
  const wrapped = (
    <div id={FOCUS_WRAPPER_ID} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </div>
  );
  if (!layout) return wrapped;
  const Layout = layout as ComponentType<LayoutProps>;
  const { data, pageContext } = shown.resources.page.result;
  return (
    <Layout data={data} pageContext={pageContext} path={shown.resources.path}>
      {wrapped}
    </Layout>
  );
});
