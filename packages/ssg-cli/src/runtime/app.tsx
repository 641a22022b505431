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
import type { BrowserDefinition } from '../site/index.ts';
import { RouteAnnouncer, RouteProgress } from './announcer.tsx';
import { ROOT_ID } from './client-constants.ts';
import { RuntimeContext, type RuntimeState } from './context.ts';
import { currentLocation, locationOf, samePlace } from './location.ts';
import { setNavigator } from './navigate.ts';
import type { NavigationHost, PageShown } from './navigation.ts';
import { navigationChunk } from './navigation-chunk.ts';
import { PageTree } from './page.tsx';
import type { SiteLocation, TrailingSlash } from './paths.ts';

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

  // What a navigation (navigation.ts, loaded apart) reads and sets; stable for the app's life.
  const host = useMemo<NavigationHost>(
    () => ({
      loader,
      browser,
      navigationId,
      kept,
      setShown,
      setAhead,
      setBehind,
      setDelayed,
      setAnnouncement,
      stopAhead: { current: () => {} },
    }),
    [loader, browser],
  );

  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) => {
      const startedAt = performance.now();
      // the page and app-data's answer (a deploy since?) are fetched while the chunk comes in,
      // not after it: a script's navigation has no pointer that asked ahead
      loader.hover(locationOf(to).pathname);
      return navigationChunk().then(
        (nav) => nav.navigateTo(host, to, options?.replace === true, startedAt),
        // the chunk cannot be fetched (offline, a gone build): the browser navigates instead
        () => window.location.assign(to),
      );
    },
    [host, loader],
  );

  useEffect(() => {
    // scroll restoration, the service worker and link prefetching come with the navigation chunk
    navigationChunk().catch(() => {});
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

  const prepare = useCallback(
    (to: string) => {
      // Load it now (a page held costs nothing) and ask app-data whether a build was deployed
      // since, so the click finds the answer; the navigation chunk renders it ahead once it is in.
      loader.hover(locationOf(to).pathname);
      navigationChunk().then(
        (nav) => nav.renderAhead(host, to),
        () => {},
      );
    },
    [host, loader],
  );

  useEffect(() => {
    setNavigator(navigate);
    const onPop = () => {
      const startedAt = performance.now();
      loader.hover(window.location.pathname); // as in navigate: asked beside the chunk
      void navigationChunk().then(
        (nav) => nav.popTo(host, previous.current, startedAt),
        () => window.location.reload(),
      );
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [navigate, host, loader]);

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
