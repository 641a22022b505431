/**
 * Test helper: renders site components inside the framework's real runtime context (its real
 * Link, Slice and useStaticQuery read it), with a recorded `navigate` instead of the loader.
 */

import { TestRuntime } from '@ssg/cli/runtime/testing';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

export function renderInRuntime(
  ui: ReactElement,
  options: { pathname?: string; staticQueryResults?: Record<string, unknown> } = {},
): RenderResult & { navigate: ReturnType<typeof vi.fn> } {
  const navigate = vi.fn(async () => {});
  const hashes = Object.entries(options.staticQueryResults ?? {});
  const result = render(
    <TestRuntime
      pathname={options.pathname ?? '/'}
      navigate={navigate}
      staticQueries={hashes.map(
        ([hash, data]) => [{ id: hash, hash, select: () => data }, data] as const,
      )}
    >
      {ui}
    </TestRuntime>,
  );
  return { ...result, navigate };
}

/** The gtag calls recorded on window.dataLayer, as arrays. */
export function gtagCalls(): unknown[][] {
  return (window.dataLayer ?? []).map((a) => Array.from(a as ArrayLike<unknown>));
}
