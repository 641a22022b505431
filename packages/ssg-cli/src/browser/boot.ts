/**
 * The boot script, inline in every page: starts the client after the first paint. The server
 * HTML and its inline CSS paint with the whole bandwidth to themselves (and the images and font
 * they ask for), then the page's chunks and JSON are preloaded side by side and the entry is
 * imported. A page opened in a background tab (no frames there) starts at once.
 * Its names are one letter on purpose: the build only drops whitespace (pipeline/browser-code.ts),
 * so the bytes in every page, and the CSP hash of them, stay what they were.
 */
import type { BootData } from './boot-data.ts';

/** `b`: the boot data the build wrote beside this script (`<script id="___ssg-boot">`). */
const b: BootData = JSON.parse(
    (document.getElementById('___ssg-boot') as HTMLElement).textContent as string,
  ),
  /** `h`: the head, where the preloads go. */
  h = document.head,
  /** `l(rel, url, as)`: adds a preload; fetched data goes without credentials, as the loader asks. */
  l = (r: string, u: string, a?: string) => {
    const e = document.createElement('link');
    e.rel = r;
    e.href = u;
    if (a) {
      e.as = a;
      e.crossOrigin = 'anonymous';
    }
    h.append(e);
  },
  /** `g`: preloads the page's chunks and data, then imports the entry. */
  g = () => {
    // biome-ignore lint/suspicious/useIterableCallbackReturn: l returns nothing; the concise arrow keeps the page's bytes
    b.modules.forEach((u) => l('modulepreload', u));
    // biome-ignore lint/suspicious/useIterableCallbackReturn: l returns nothing; the concise arrow keeps the page's bytes
    b.data.forEach((u) => l('preload', u, 'fetch'));
    import(b.entry);
  };
document.hidden ? setTimeout(g) : requestAnimationFrame(() => setTimeout(g));
