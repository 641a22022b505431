import type { PageResources } from '@ssg/loader';
import { type ComponentType, memo } from 'react';
import type { LayoutProps, PageProps } from '../site/index.ts';

export interface PageTreeProps {
  resources: PageResources;
  /** The site's persistent layout (`defineBrowser({ layout })`), around every page. */
  layout?: ComponentType<LayoutProps<never, never>> | undefined;
}

/**
 * The page component of a set of resources with its data, context and path, inside the site's
 * layout. The layout is the same element type at the same place for every page, so React keeps
 * it (and its state) across client navigations; only the page inside it changes. Memoized: the
 * app's own state (announcer, progress bar) changes without rendering the page again.
 */
export const PageTree = memo(function PageTree({ resources, layout }: PageTreeProps) {
  const Component = (resources.component as { default: ComponentType<PageProps> }).default;
  const { data, pageContext } = resources.page.result;
  const page = <Component data={data} pageContext={pageContext} path={resources.path} />;
  if (!layout) return page;
  const Layout = layout as ComponentType<LayoutProps>;
  return (
    <Layout data={data} pageContext={pageContext} path={resources.path}>
      {page}
    </Layout>
  );
});
