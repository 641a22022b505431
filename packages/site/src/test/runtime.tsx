/**
 * Test helper: renders site components inside the framework's real runtime context (its real
 * Link, Slice and useStaticQuery read it), with a recorded `navigate` instead of the loader.
 * The context is imported by path because @ssg/cli does not export a test provider yet.
 */
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { RuntimeContext, type RuntimeState } from '../../../ssg-cli/src/runtime/context.ts';

export function renderInRuntime(
  ui: ReactElement,
  options: { pathname?: string; staticQueryResults?: Record<string, unknown> } = {},
): RenderResult & { navigate: ReturnType<typeof vi.fn> } {
  const navigate = vi.fn(async () => {});
  const pathname = options.pathname ?? '/';
  const state = {
    resources: {
      status: 200,
      path: pathname,
      page: {
        componentChunkName: 'component---test',
        path: pathname,
        result: { data: {}, pageContext: {} },
        staticQueryHashes: [],
        slicesMap: {},
      },
      component: {},
      staticQueryResults: options.staticQueryResults ?? {},
      slices: {},
    },
    location: { pathname, search: '', hash: '' },
    trailingSlash: 'always',
    navigate,
  } as unknown as RuntimeState;
  const result = render(<RuntimeContext.Provider value={state}>{ui}</RuntimeContext.Provider>);
  return { ...result, navigate };
}

/** The gtag calls recorded on window.dataLayer, as arrays. */
export function gtagCalls(): unknown[][] {
  return (window.dataLayer ?? []).map((a) => Array.from(a as ArrayLike<unknown>));
}
