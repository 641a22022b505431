// Links inside a static part's HTML: no <Link> runs there, so its container does Link's work.
import { type MouseEvent, type SyntheticEvent, useEffect, useRef } from 'react';
import type { RuntimeState } from './context.ts';
import { isClientRoutable } from './paths.ts';
import { isPlainClick } from './plain-click.ts';
import { observeLink } from './prefetch.ts';

/** The site link an event inside the container happened on, with its href, if any. */
function siteLinkOf(event: SyntheticEvent<HTMLElement>): [HTMLAnchorElement, string] | undefined {
  const target = event.target as Element | null;
  const anchor = target?.closest?.('a[href]') as HTMLAnchorElement | null | undefined;
  if (!anchor || !event.currentTarget.contains(anchor)) return undefined;
  const href = anchor.getAttribute('href') ?? '';
  return isClientRoutable(href) ? [anchor, href] : undefined;
}

/**
 * Event props and a ref for a static part's element: a click on a site link navigates on the
 * client, intent (pointer, touch, focus) renders its page ahead, and visible links are prefetched,
 * as `<Link>` does. One listener per part, whatever the number of links.
 */
export function useStaticLinks(runtime: RuntimeState, html: string) {
  const ref = useRef<HTMLElement | null>(null);
  const { loader } = runtime;
  useEffect(() => {
    const element = ref.current;
    if (!element || !loader || html === '') return undefined;
    const stops = [...element.querySelectorAll('a[href]')]
      .filter((a) => isClientRoutable(a.getAttribute('href') ?? ''))
      .map((a) => observeLink(a as HTMLAnchorElement, loader));
    return () => {
      for (const stop of stops) stop();
    };
  }, [loader, html]);
  const intent = (event: SyntheticEvent<HTMLElement>) => {
    const link = siteLinkOf(event);
    if (link) runtime.prepare?.(link[1]);
  };
  return {
    ref,
    onClick(event: MouseEvent<HTMLElement>) {
      const link = siteLinkOf(event);
      if (!link || event.defaultPrevented || !isPlainClick(event, link[0])) return;
      event.preventDefault();
      void runtime.navigate(link[1]);
    },
    onMouseOver: intent,
    onTouchStart: intent,
    onFocus: intent,
  };
}
