// The browser entry: hydrates the prerendered page and starts the loader and navigation.
import {
  createLoader,
  type MatchPath,
  type PageResources,
  readCompilationHash,
  registerServiceWorker,
} from '@ssg/loader';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { BrowserDefinition } from '../site/index.ts';
import { App } from './app.tsx';
import { ROOT_ID } from './client-constants.ts';
import type { TrailingSlash } from './paths.ts';

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
    initial = await loader.start(window.location.pathname);
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
  if (root.dataset.serviceWorker === 'on') registerServiceWorker({ url: '/sw.js' });
}
