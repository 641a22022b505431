// The browser entry: hydrates the prerendered page and starts the loader and navigation.
import {
  createLoader,
  type MatchPath,
  type PageResources,
  readCompilationHash,
  type SsgLoader,
} from '@ssg/loader';
import { pageDataUrl } from '@ssg/loader/contract';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { BootData } from '../browser/boot-data.ts';
import type { BrowserDefinition } from '../site/index.ts';
import { App } from './app.tsx';
import { ROOT_ID } from './client-constants.ts';
import type { TrailingSlash } from './paths.ts';

const NOT_FOUND = '/404.html';

/**
 * Whether this document is the 404 page the host answered an unknown path with: its boot data
 * names the 404 page's page-data.
 */
function isNotFoundDocument(): boolean {
  const boot = document.getElementById(`${ROOT_ID}-boot`)?.textContent;
  if (!boot) return false;
  return (JSON.parse(boot) as BootData).data.includes(pageDataUrl(NOT_FOUND));
}

/**
 * The resources of the page at `path`. Where the host already answered with the 404 page, that
 * page is loaded for it: asking the path's page-data and HEAD again would only fail twice more.
 */
async function startAt(loader: SsgLoader, path: string): Promise<PageResources> {
  if (path === NOT_FOUND || !isNotFoundDocument()) return loader.start(path);
  return { ...(await loader.start(NOT_FOUND)), path, status: 'not-found' };
}

/**
 * The browser entry: asks the loader for the current page's resources, then hydrates the server
 * HTML. Without resources the server HTML stays as it is, usable, and React is not started.
 */
export async function startClient(browser: BrowserDefinition): Promise<void> {
  const root = document.getElementById(ROOT_ID);
  if (!root) return;
  const loader = createLoader({
    compilationHash: readCompilationHash(document),
    // client-only routes, listed by the build only on sites that declare any
    matchPaths: root.dataset.matchPaths
      ? (JSON.parse(root.dataset.matchPaths) as MatchPath[])
      : undefined,
    loadComponent(chunkName: string) {
      const load = browser.components[chunkName.replace(/^component---/, '')];
      if (!load) return Promise.reject(new Error(`No component named ${chunkName} in browser.ts.`));
      return load();
    },
  });
  let initial: PageResources;
  try {
    initial = await startAt(loader, window.location.pathname);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return;
  }
  // As a transition, hydration yields to the browser every few milliseconds: the page the
  // visitor already sees stays responsive (no long task), and a click during hydration is
  // replayed once its part of the page is live.
  startTransition(() => {
    hydrateRoot(
      root,
      <App
        loader={loader}
        browser={browser}
        initial={initial}
        trailingSlash={(root.dataset.trailingSlash as TrailingSlash | undefined) ?? 'always'}
        progressLabel={browser.progressLabel ?? 'Loading page'}
      />,
    );
  });
}
