/**
 * The boot script, inline in every page: starts the client once the first contentful paint is on
 * the screen (its paint-timing entry, which carries the presentation time; a frame's callback runs
 * before the frame is shown). The server HTML and its inline CSS paint with the whole bandwidth to
 * themselves (and the images and font they ask for), then the page's chunks and JSON are preloaded
 * side by side at low priority and the entry is imported. A page opened in a background tab (no
 * paint there) starts at once, and so does one that is hidden before it painted; a page with
 * nothing contentful to paint starts a frame after its load event.
 * Its names are one letter on purpose: the build only drops whitespace (shared/browser-code.ts),
 * so the bytes in every page, and the CSP hash of them, stay what they were.
 */
import type { BootData } from './boot-data.ts';

/** `s`: set once the client has started (the paint and the tab being hidden may both ask). */
let s = 0;
/** `b`: the boot data the build wrote beside this script (`<script id="___ssg-boot">`). */
const b: BootData = JSON.parse(
    (document.getElementById('___ssg-boot') as HTMLElement).textContent as string,
  ),
  /** `h`: the head, where the preloads go. */
  h = document.head,
  /**
   * `l(rel, url, as)`: adds a preload at low priority: the page has painted without it, so it must
   * not take bandwidth from the images still loading (Chromium fetches preloads at high priority).
   * Fetched data goes without credentials, as the loader asks.
   */
  l = (r: string, u: string, a?: string) => {
    const e = document.createElement('link');
    e.rel = r;
    e.href = u;
    e.fetchPriority = 'low';
    if (a) {
      e.as = a;
      e.crossOrigin = 'anonymous';
    }
    h.append(e);
  },
  /** `g`: preloads the entry, the page's chunks and data, then imports the entry (the preload's fetch). */
  g = () => {
    if (s) return;
    s = 1;
    // biome-ignore lint/suspicious/useIterableCallbackReturn: l returns nothing; the concise arrow keeps the page's bytes
    [b.entry, ...b.modules].forEach((u) => l('modulepreload', u));
    // biome-ignore lint/suspicious/useIterableCallbackReturn: l returns nothing; the concise arrow keeps the page's bytes
    b.data.forEach((u) => l('preload', u, 'fetch'));
    import(b.entry);
  };
/** `p`: whether this browser reports paints; one that does not starts after the next frame. */
const p = PerformanceObserver.supportedEntryTypes?.includes('paint');
if (document.hidden) setTimeout(g);
else if (p) {
  new PerformanceObserver((e) => {
    if (e.getEntriesByName('first-contentful-paint').length) setTimeout(g);
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', () => setTimeout(g), { once: true });
  // a page with nothing contentful to paint (an empty shell) still starts, two frames after its
  // load (the first frame's callback runs before that frame is shown)
  addEventListener(
    'load',
    () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(g))),
    {
      once: true,
    },
  );
} else requestAnimationFrame(() => setTimeout(g));
