// The client app: the page shown, client navigation between pages, progress and focus.
import type { Loader, PageResources } from '@ssg/loader';
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import type { BrowserDefinition } from '../site/index.ts';
import { whenLoaded } from './ahead.ts';
import { announcementFor, RouteAnnouncer, RouteProgress } from './announcer.tsx';
import { ROOT_ID } from './client-constants.ts';
import { RuntimeContext, type RuntimeState } from './context.ts';
import { focusAfterNavigation, hashTarget } from './focus.ts';
import { applyHead } from './head.ts';
import { setNavigator } from './navigate.ts';
import { PageTree } from './page.tsx';
import type { SiteLocation, TrailingSlash } from './paths.ts';
import { enterEntry, savedPosition, startScrollRestoration, syncEntryKey } from './scroll.ts';

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
const samePlace = (a: SiteLocation, b: SiteLocation) => samePage(a, b) && a.hash === b.hash;
// The first page's resources are a copy (its server path): the same page has the same page-data.
const sameResources = (a: PageResources, b: PageResources) =>
  a === b || (a.page === b.page && a.component === b.component && a.path === b.path);

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
  const [aheadPage, setAhead] = useState<PageShown | null>(null);
  // The page just left, kept hidden: going back to it reveals it instead of building it again.
  const [behindPage, setBehind] = useState<PageShown | null>(null);
  // Read by a navigation's continuation, after its await: the pages in the document right now.
  const kept = useRef({ shown, ahead: aheadPage, behind: behindPage });
  useLayoutEffect(() => {
    kept.current = { shown, ahead: aheadPage, behind: behindPage };
  }, [shown, aheadPage, behindPage]);
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
      // A page in the document already (rendered ahead, or just left), as the same object: its
      // tree is revealed, not rendered again. The page left stays, hidden, for going back.
      const { shown: left, ahead, behind } = kept.current;
      const page = [ahead, behind].find(
        (p) => p && sameResources(p.resources, resources) && samePlace(p.location, target),
      ) ?? { resources, location: target };
      flushSync(() => {
        setShown(page);
        setAhead(null);
        setBehind(left.resources.path === page.resources.path ? null : left);
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
    const here = currentLocation();
    if (initial.path === serverState.resources.path && samePlace(here, serverState.location)) {
      // The server's page at its own address: nothing to render again, only the route hook.
      browser.onRouteUpdate?.({ location: serverState.location, prevLocation: null });
      previous.current = serverState.location;
    } else {
      // Another address (a search, a hash, the 404 page at an unknown path): rendered again as
      // a transition, in slices that yield to the browser, not as one long task after hydration.
      startTransition(() => setShown({ resources: initial, location: here }));
    }
    // A signal for tools and tests: the server HTML is now live.
    document.getElementById(ROOT_ID)?.setAttribute('data-hydrated', 'true');
    window.dispatchEvent(new Event('ssg:hydrated'));
  }, [initial, serverState, browser]);

  const stopWaiting = useRef<() => void>(() => {});
  const prepare = useCallback(
    (to: string) => {
      const target = locationOf(to);
      // Not loaded yet: load it now and render it ahead as soon as it is in.
      if (!loader.loadPageSync(target.pathname)) loader.hover(target.pathname);
      stopWaiting.current();
      stopWaiting.current = whenLoaded(loader, target.pathname, (resources) => {
        if (resources.status !== 'success') return;
        startTransition(() =>
          setAhead((a) => (a?.resources === resources ? a : { resources, location: target })),
        );
      });
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

  // Not on the hydration render (the hydration effect above reports the first page); the first
  // page object may be shown again later (the page left is kept), so the check is on a ref.
  const routeReported = useRef(false);
  useEffect(() => {
    if (!routeReported.current) {
      routeReported.current = true;
      return;
    }
    browser.onRouteUpdate?.({ location: shown.location, prevLocation: previous.current });
    previous.current = shown.location;
  }, [shown, browser]);

  // What the components of a page read: its resources and location, and the app's means. One
  // object per page shown, so a page keeps its state object from rendered ahead to shown.
  const runtimeOf = useMemo(() => {
    const made = new WeakMap<PageShown, RuntimeState>();
    return (page: PageShown): RuntimeState => {
      const known = made.get(page);
      if (known) return known;
      const state = { ...page, trailingSlash, loader, navigate, prepare };
      made.set(page, state);
      return state;
    };
  }, [trailingSlash, loader, navigate, prepare]);
  const state = useMemo(() => runtimeOf(shown), [runtimeOf, shown]);
  const aheadState = useMemo(() => aheadPage && runtimeOf(aheadPage), [runtimeOf, aheadPage]);
  const behindState = useMemo(() => behindPage && runtimeOf(behindPage), [runtimeOf, behindPage]);
  return (
    <RuntimeContext.Provider value={state}>
      <PageTree shown={state} ahead={aheadState} behind={behindState} layout={browser.layout} />
      <RouteAnnouncer message={announcement} />
      {delayed ? <RouteProgress label={progressLabel} /> : null}
    </RuntimeContext.Provider>
  );
}
