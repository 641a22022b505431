import type { PageResources } from '@ssg/loader';
import type { ComponentType } from 'react';
import type { PageProps } from '../site/index.ts';

/** Renders the page component of a set of resources with its data, context and path. */
export function Page({ resources }: { resources: PageResources }) {
  const Component = (resources.component as { default: ComponentType<PageProps> }).default;
  const { data, pageContext } = resources.page.result;
  return <Component data={data} pageContext={pageContext} path={resources.path} />;
}
