// The React context every runtime component reads: the page shown and how to move to another.
import type { Loader, PageResources } from '@ssg/loader';
import { createContext, useContext } from 'react';
import type { ScriptUse } from '../shared/script-use.ts';
import type { SiteLocation, TrailingSlash } from './paths.ts';

/** What every runtime component reads: the page shown and how to move to another one. */
export interface RuntimeState {
  resources: PageResources;
  location: SiteLocation;
  trailingSlash: TrailingSlash;
  /** Browser only. */
  loader?: Loader;
  navigate(to: string, options?: { replace?: boolean }): Promise<void>;
  /**
   * Browser only: the visitor is about to open this link (pointer over it, pressing it, focus):
   * load its page, and render it ahead, hidden, once its resources are in.
   */
  prepare?(to: string): void;
  /** Server only: records what a render used, for page-data and slice-data. */
  collector?: RenderCollector;
}

export interface RenderCollector {
  staticQueryHashes: Set<string>;
  /** alias → slice name */
  slices: Map<string, string>;
  /** Pre-rendered slice HTML by name; a slice renders once per build, pages embed it. */
  sliceHtml: ReadonlyMap<string, string>;
  /** Each `<Script>` rendered: its origin enters the page's policy. */
  scripts: ScriptUse[];
}

export const RuntimeContext = createContext<RuntimeState | null>(null);

export function useRuntime(): RuntimeState {
  const state = useContext(RuntimeContext);
  if (!state)
    throw new Error('ssg runtime: this component must be rendered inside a page of the site.');
  return state;
}

/** The location being shown: pathname, search and hash. */
export const useLocation = (): SiteLocation => useRuntime().location;
