/** The standard gtag API: `window.gtag(...)` pushes its arguments onto `window.dataLayer`. */

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const PAGE_VIEW_DELAY_MS = 100;

/** Defines the stub gtag.js expects; the real tag later reads the queued calls. */
export function ensureGtag(): (...args: unknown[]) => void {
  window.dataLayer = window.dataLayer || [];
  if (!window.gtag) {
    window.gtag = function gtag() {
      // gtag.js reads `arguments` objects, not arrays.
      // biome-ignore lint/complexity/noArguments: the gtag contract
      (window.dataLayer as unknown[]).push(arguments);
    };
  }
  return window.gtag;
}

export function trackEvent(name: string, params: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  ensureGtag()('event', name, params);
}

/** `page_view` 100 ms after a route change, with path, search and hash. */
export function schedulePageView(location: {
  pathname: string;
  search: string;
  hash: string;
}): void {
  const page_path = location.pathname + location.search + location.hash;
  setTimeout(() => trackEvent('page_view', { page_path }), PAGE_VIEW_DELAY_MS);
}
