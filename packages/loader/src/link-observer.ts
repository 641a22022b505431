// Watches links entering the viewport, for prefetching.
export interface LinkObserverOptions {
  /** A same-origin link entered the viewport (once per link): usually `loader.prefetch`. */
  onEnter: (path: string) => void;
  /** Observe every link in `root` now (a site without a framework); `observe` adds more. */
  root?: ParentNode;
  /** Default `location.origin`; links elsewhere are ignored. */
  origin?: string;
  /** IntersectionObserver margin, e.g. `'200px'` to start a little before links show. */
  rootMargin?: string;
  IntersectionObserver?: typeof IntersectionObserver;
}

/** Calling it stops all observing; `observe` adds one link and returns its own stop. */
export interface LinkObserver {
  (): void;
  observe(link: Element): () => void;
}

/**
 * Reports same-origin links as they enter the viewport, once each, as path + search. Links
 * that open elsewhere (`target=_blank`, other origins) are never reported.
 */
export function createLinkObserver(o: LinkObserverOptions): LinkObserver {
  const origin = o.origin ?? location.origin;
  const io = new (o.IntersectionObserver ?? IntersectionObserver)(
    (entries) => {
      for (const { isIntersecting, target } of entries) {
        const a = target as HTMLAnchorElement;
        if (!isIntersecting) continue;
        io.unobserve(a);
        if (a.target !== '_blank' && a.origin === origin) o.onEnter(a.pathname + a.search);
      }
    },
    { rootMargin: o.rootMargin },
  );
  const observe = (link: Element) => {
    io.observe(link);
    return () => io.unobserve(link);
  };
  o.root?.querySelectorAll('a[href]').forEach(observe);
  return Object.assign(() => io.disconnect(), { observe });
}
