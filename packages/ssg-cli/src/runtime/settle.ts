// The first page after hydration: the server's objects kept where nothing changed.
import type { PageResources } from '@ssg/loader';
import type { SiteLocation } from './paths.ts';

type PageShown = { resources: PageResources; location: SiteLocation };

/**
 * The page shown once hydrated, reusing the hydration render's resources and location where they
 * are the same: the page's tree then sees no new value, and React keeps the DOM it hydrated. A new
 * value reaching a part not yet hydrated (the page's `Activity`) makes React throw that part's
 * server DOM away and render it again on the client (static parts and every node of the page).
 */
export function settledPage(
  server: PageShown,
  initial: PageResources,
  here: SiteLocation,
): PageShown {
  const samePath = initial.path === server.resources.path;
  const sameLocation =
    here.pathname === server.location.pathname &&
    here.search === server.location.search &&
    here.hash === server.location.hash;
  return {
    resources: samePath ? server.resources : initial,
    location: sameLocation ? server.location : here,
  };
}
