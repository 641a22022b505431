/**
 * What a client navigation does, in a chunk of its own: the first paint never waits for it; it is
 * fetched once the page is hydrated, with the after-hydration work (see navigation-chunk.ts).
 * History, head, scroll, focus, the announcement and rendering a page ahead (a pointer on its link)
 * happen here; app.tsx holds the state.
 */
import type { Loader, PageResources } from '@ssg/loader';
import { startTransition } from 'react';
import { flushSync } from 'react-dom';
import type { BrowserDefinition } from '../site/index.ts';
import { whenLoaded } from './ahead.ts';
import { focusAfterNavigation, hashTarget } from './focus.ts';
import { applyHead } from './head.ts';
import { currentLocation, locationOf, samePage, samePlace } from './location.ts';
import type { SiteLocation } from './paths.ts';
import { enterEntry, savedPosition, syncEntryKey } from './scroll.ts';

export { afterHydration } from './after-hydration.ts';

/** A page as the app holds it: its resources and the location it is shown at. */
export type PageShown = { resources: PageResources; location: SiteLocation };

/** Spec §9: a navigation pending this long gives the delayed-route signal. */
export const DELAYED_ROUTE_MS = 1000;

/** What the app lends a navigation: its loader and hooks, the pages in the document, its setters. */
export interface NavigationHost {
  loader: Loader;
  browser: BrowserDefinition;
  /** Increments per navigation: a later one supersedes an earlier one still pending. */
  navigationId: { current: number };
  /** The pages in the document right now (read after the await). */
  kept: { current: { shown: PageShown; ahead: PageShown | null; behind: PageShown | null } };
  setShown(page: PageShown | ((s: PageShown) => PageShown)): void;
  setAhead(page: PageShown | null | ((a: PageShown | null) => PageShown | null)): void;
  setBehind(page: PageShown | null): void;
  setDelayed(delayed: boolean): void;
  setAnnouncement(message: string): void;
  /** Cancels the wait for the page last asked to be rendered ahead (see `renderAhead`). */
  stopAhead: { current: () => void };
}

// The first page's resources are a copy (its server path): the same page has the same page-data.
const sameResources = (a: PageResources, b: PageResources) =>
  a === b || (a.page === b.page && a.component === b.component && a.path === b.path);

/** What the announcer says: the page's h1, else the document title, else the path. */
export function announcementFor(pathname: string, doc: Document = document): string {
  const heading = doc.querySelector('#___ssg h1')?.textContent?.trim();
  const title = heading || doc.title.trim() || pathname;
  return `Navigated to ${title}`;
}

/**
 * After the new content is in: Back/Forward to the entry's saved position, else to the hash's
 * element, else to the top (a new page without a hash is already there); then focus.
 */
export function arrive(hash: string, pop: boolean): void {
  const saved = pop ? savedPosition() : undefined;
  const target = hashTarget(hash);
  if (saved) window.scrollTo(saved[0], saved[1]);
  else if (target) target.scrollIntoView();
  else if (pop || hash) window.scrollTo(0, 0);
  focusAfterNavigation(hash);
}

/**
 * Another page: load it (with the delayed-route signal, counted from `startedAt`, the click, not
 * from this chunk's arrival), then show it, in one frame.
 */
export async function show(
  host: NavigationHost,
  href: string,
  mode: 'push' | 'replace' | 'pop',
  startedAt: number,
): Promise<void> {
  const { loader, browser } = host;
  const id = ++host.navigationId.current;
  const target = locationOf(href);
  const timer = window.setTimeout(
    () => {
      if (id !== host.navigationId.current) return;
      host.setDelayed(true);
      window.dispatchEvent(
        new CustomEvent('ssg:route-delayed', { detail: { pathname: target.pathname } }),
      );
      browser.onRouteDelayed?.({ pathname: target.pathname });
    },
    DELAYED_ROUTE_MS - (performance.now() - startedAt),
  );
  const resources = await loader
    .loadPage(target.pathname)
    .finally(() => window.clearTimeout(timer));
  if (id !== host.navigationId.current) return;
  host.setDelayed(false);
  if (!resources) return; // the loader has started a full browser navigation
  const url = target.pathname + target.search + target.hash;
  if (mode === 'pop') syncEntryKey();
  else enterEntry(mode, url);
  // A new page without a hash: scroll the old page (already laid out) to the top first: after
  // the new content is in, scrolling would force a layout of it before the frame's own.
  if (mode !== 'pop' && !target.hash) window.scrollTo(0, 0);
  // A page in the document already (rendered ahead, or just left), as the same object: its
  // tree is revealed, not rendered again. The page left stays, hidden, for going back.
  const { shown: left, ahead, behind } = host.kept.current;
  const page = [ahead, behind].find(
    (p) => p && sameResources(p.resources, resources) && samePlace(p.location, target),
  ) ?? { resources, location: target };
  flushSync(() => {
    host.setShown(page);
    host.setAhead(null);
    host.setBehind(left.resources.path === page.resources.path ? null : left);
  });
  applyHead(resources.page.result.head);
  arrive(target.hash, mode === 'pop');
  host.setAnnouncement(announcementFor(target.pathname));
}

/**
 * A pointer or focus on a link to `to` (its load was asked already): render that page ahead,
 * hidden, as soon as the loader holds it, so the click only reveals it.
 */
export function renderAhead(host: NavigationHost, to: string): void {
  const target = locationOf(to);
  host.stopAhead.current();
  host.stopAhead.current = whenLoaded(host.loader, target.pathname, (resources) => {
    if (resources.status !== 'success') return;
    startTransition(() =>
      host.setAhead((a) => (a?.resources === resources ? a : { resources, location: target })),
    );
  });
}

/** `navigate(to)`: on the same page only the hash moves, in a new history entry; else `show`. */
export function navigateTo(
  host: NavigationHost,
  to: string,
  replace: boolean,
  startedAt: number,
): Promise<void> {
  const target = locationOf(to);
  if (samePage(target, currentLocation()) && !replace) {
    enterEntry('push', to);
    arrive(target.hash, false);
    host.setShown((s) => ({ ...s, location: target }));
    return Promise.resolve();
  }
  return show(host, to, replace ? 'replace' : 'push', startedAt);
}

/** Back/Forward: another page is shown again; between entries of the same page only the hash moves. */
export function popTo(
  host: NavigationHost,
  previous: SiteLocation | null,
  startedAt: number,
): void {
  const here = currentLocation();
  if (!previous || !samePage(here, previous))
    return void show(host, window.location.href, 'pop', startedAt);
  syncEntryKey();
  arrive(here.hash, true);
  host.setShown((s) => ({ ...s, location: here }));
}
