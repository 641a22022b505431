/**
 * For component tests of a site: renders components inside the framework's real runtime context
 * (the real Link, Slice and useStaticQuery read it) at a given path, with the static query
 * results given and a `navigate` of the test's choosing instead of the loader.
 */
import type { ReactNode } from 'react';
import type { StaticQuery } from '../site/index.ts';
import { RuntimeContext, type RuntimeState } from './context.ts';
import type { TrailingSlash } from './paths.ts';

export interface TestRuntimeProps {
  children: ReactNode;
  /** Default `/`. */
  pathname?: string;
  search?: string;
  hash?: string;
  /** Results by query: `[[companyQuery, { companyName: '…' }]]`. */
  staticQueries?: ReadonlyArray<readonly [StaticQuery<never, unknown>, unknown]>;
  trailingSlash?: TrailingSlash;
  /** Called by Link on a client navigation. Default: does nothing. */
  navigate?: (to: string, options?: { replace?: boolean }) => Promise<void>;
}

export function TestRuntime({
  children,
  pathname = '/',
  search = '',
  hash = '',
  staticQueries = [],
  trailingSlash = 'always',
  navigate = async () => {},
}: TestRuntimeProps) {
  const state: RuntimeState = {
    resources: {
      status: 'success',
      path: pathname,
      page: {
        componentChunkName: 'component---test',
        path: pathname,
        result: { data: null, pageContext: {} },
        staticQueryHashes: [],
        slicesMap: {},
      },
      component: null,
      staticQueryResults: Object.fromEntries(
        staticQueries.map(([query, data]) => [query.hash, data]),
      ),
      slices: {},
    },
    location: { pathname, search, hash },
    trailingSlash,
    navigate,
  };
  return <RuntimeContext.Provider value={state}>{children}</RuntimeContext.Provider>;
}
