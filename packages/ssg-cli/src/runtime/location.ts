// Locations of the app and of a navigation: parsed once, compared the same way by both.
import type { SiteLocation } from './paths.ts';

export function locationOf(href: string): SiteLocation {
  const url = new URL(href, window.location.href);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** Where the browser is now. */
export const currentLocation = (): SiteLocation => locationOf(window.location.href);

export const samePage = (a: SiteLocation, b: SiteLocation) =>
  a.pathname === b.pathname && a.search === b.search;
export const samePlace = (a: SiteLocation, b: SiteLocation) => samePage(a, b) && a.hash === b.hash;
