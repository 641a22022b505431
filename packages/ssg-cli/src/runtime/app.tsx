// The client app: the page shown, client navigation between pages, progress and focus.
import type { Loader, PageResources } from '@ssg/loader';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { BrowserDefinition } from '../site/index.ts';
import { announcementFor, RouteAnnouncer, RouteProgress } from './announcer.tsx';
import { ROOT_ID } from './client-constants.ts';
import { RuntimeContext, type RuntimeState } from './context.ts';
import { focusAfterNavigation, hashTarget } from './focus.ts';
import { applyHead } from './head.ts';
import { setNavigator } from './navigate.ts';
import { PageTree } from './page.tsx';
import type { SiteLocation, TrailingSlash } from './paths.ts';
import { enterEntry, savedPosition, startScrollRestoration, syncEntryKey } from './scroll.ts';
import { settledPage } from './settle.ts';

/** A page as the app holds it: its resources and the location it is shown at. */
type PageShown = { resources: PageResources; location: SiteLocation };

/** Spec §9: a navigation pending this long gives the delayed-route signal. */
export const DELAYED_ROUTE_MS = 1000;

const currentLocation = (): SiteLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

function locationOf(href: string): SiteLocation {
  const url = new URL(href, window.location.href);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/**
 * After the new content is in: Back/Forward to the entry's saved position, else to the hash's
 * element, else to the top (a new page without a hash is already there); then focus.
 */
function arrive(hash: string, pop: boolean): void {
  const saved = pop ? savedPosition() : undefined;
  const target = hashTarget(hash);
  if (saved) window.scrollTo(saved[0], saved[1]);
  else if (target) target.scrollIntoView();
  else if (pop || hash) window.scrollTo(0, 0);
  focusAfterNavigation(hash);
}

const samePage = (a: SiteLocation, b: SiteLocation) =>
  a.pathname === b.pathname && a.search === b.search;

interface AppProps {
  loader: Loader;
  browser: BrowserDefinition;
  initial: PageResources;
  trailingSlash: TrailingSlash;
  progressLabel: string;
}

/** The browser's root: the page shown, client navigation, the announcer and the progress bar. */
export function App({ loader, browser, initial, trailingSlash, progressLabel }: AppProps) {
  // The first render must be the server's: the page at its own path, no search or hash (the 404
  // page was rendered as /404.html, but is shown for any unknown path). The real location follows.
  const [serverState] = useState(() => ({
    resources: { ...initial, path: initial.page.path },
    location: { pathname: initial.page.path, search: '', hash: '' },
  }));
  const [shown, setShown] = useState(serverState);
  // A page rendered ahead, hidden: the link the visitor is about to follow (see `prepare`).
  const [ahead, setAhead] = useState<PageShown | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [delayed, setDelayed] = useState(false);
  const previous = useRef<SiteLocation | null>(null);
  const navigationId = useRef(0);

  const show = useCallback(
    async (href: string, mode: 'push' | 'replace' | 'pop') => {
      const id = ++navigationId.current;
      const target = locationOf(href);
      const timer = window.setTimeout(() => {
        if (id !== navigationId.current) return;
        setDelayed(true);
        window.dispatchEvent(
          new CustomEvent('ssg:route-delayed', { detail: { pathname: target.pathname } }),
        );
        browser.onRouteDelayed?.({ pathname: target.pathname });
      }, DELAYED_ROUTE_MS);
      const resources = await loader
        .loadPage(target.pathname)
        .finally(() => window.clearTimeout(timer));
      if (id !== navigationId.current) return;
      setDelayed(false);
      if (!resources) return; // the loader has started a full browser navigation
      const url = target.pathname + target.search + target.hash;
      if (mode === 'pop') syncEntryKey();
      else enterEntry(mode, url);
      // A new page without a hash: scroll the old page (already laid out) to the top first: after
      // the new content is in, scrolling would force a layout of it before the frame's own.
      if (mode !== 'pop' && !target.hash) window.scrollTo(0, 0);
      flushSync(() => {
        setShown({ resources, location: target });
        setAhead(null);
      });
      applyHead(resources.page.result.head);
      arrive(target.hash, mode === 'pop');
      setAnnouncement(announcementFor(target.pathname));
    },
    [loader, browser],
  );

  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) => {
      const target = locationOf(to);
      const here = currentLocation();
      if (samePage(target, here) && !options?.replace) {
        // Same page: only the hash moves, in a new history entry.
        enterEntry('push', to);
        arrive(target.hash, false);
        setShown((s) => ({ ...s, location: target }));
        return Promise.resolve();
      }
      return show(to, options?.replace ? 'replace' : 'push');
    },
    [show],
  );

  useEffect(() => {
    startScrollRestoration();
    setShown(settledPage(serverState, initial, currentLocation()));
    // A signal for tools and tests: the server HTML is now live.
    document.getElementById(ROOT_ID)?.setAttribute('data-hydrated', 'true');
    window.dispatchEvent(new Event('ssg:hydrated'));
  }, [initial, serverState]);

  const prepare = useCallback(
    (to: string) => {
      const target = locationOf(to);
      const resources = loader.loadPageSync(target.pathname);
      // Not loaded yet: load it now; the next sign of intent (pressing the link) renders it.
      if (!resources) return loader.hover(target.pathname);
      if (resources.status !== 'success') return;
      startTransition(() =>
        setAhead((a) => (a?.resources === resources ? a : { resources, location: target })),
      );
    },
    [loader],
  );

  useEffect(() => {
    setNavigator(navigate);
    const onPop = () => {
      const here = currentLocation();
      if (!previous.current || !samePage(here, previous.current))
        return void show(window.location.href, 'pop');
      // Back/Forward between entries of the page shown (a `#hash` link): no page to load.
      syncEntryKey();
      arrive(here.hash, true);
      setShown((s) => ({ ...s, location: here }));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [navigate, show]);

  useEffect(() => {
    if (shown === serverState) return; // the hydration render; the real location comes next
    browser.onRouteUpdate?.({ location: shown.location, prevLocation: previous.current });
    previous.current = shown.location;
  }, [shown, browser, serverState]);

  // What the components of a page read: its resources and location, and the app's means.
  const runtimeOf = useCallback(
    (page: PageShown): RuntimeState => ({
      ...page,
      trailingSlash,
      loader,
      navigate,
      prepare,
    }),
    [trailingSlash, loader, navigate, prepare],
  );
  // keyed by what the page reads, not by `shown` itself (see settledPage)
  const { resources: shownResources, location: shownLocation } = shown;
  const state = useMemo(
    () => runtimeOf({ resources: shownResources, location: shownLocation }),
    [runtimeOf, shownResources, shownLocation],
  );
  const aheadState = useMemo(() => ahead && runtimeOf(ahead), [runtimeOf, ahead]);
  return (
    <RuntimeContext.Provider value={state}>
      <PageTree shown={state} ahead={aheadState} layout={browser.layout} />
      <RouteAnnouncer message={announcement} />
      {delayed ? <RouteProgress label={progressLabel} /> : null}
    </RuntimeContext.Provider>
  );
}
