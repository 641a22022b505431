// <Link>: client navigation and prefetching for site paths, plain links for the rest.
import { type AnchorHTMLAttributes, type Ref, useEffect, useRef } from 'react';
import { useRuntime } from './context.ts';
import { isClientRoutable, isExternal, withTrailingSlash } from './paths.ts';
import { isPlainClick } from './plain-click.ts';
import { observeLink } from './prefetch.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A site path (`/about/`), an outside address (`https://…`, `//…`) or `tel:`/`mailto:`. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link. Site paths navigate on the client through the loader (which also prefetches them
 * when they enter the viewport or on hover); outside addresses open in a new tab without an
 * opener; `tel:` and `mailto:` are plain links.
 */
export function Link({
  to,
  onClick,
  onMouseEnter,
  onTouchStart,
  onPointerDown,
  onFocus,
  ref,
  ...rest
}: LinkProps) {
  const runtime = useRuntime();
  const own = useRef<HTMLAnchorElement | null>(null);
  const routable = isClientRoutable(to);
  const { loader } = runtime;

  useEffect(() => {
    const element = own.current;
    if (!routable || !loader || !element) return undefined;
    return observeLink(element, loader);
  }, [routable, loader]);

  if (isExternal(to)) {
    return (
      <a
        href={to}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClick}
        ref={ref}
        {...rest}
      />
    );
  }
  const href = routable ? withTrailingSlash(to, runtime.trailingSlash) : to;
  const setRef = (element: HTMLAnchorElement | null) => {
    own.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  return (
    <a
      href={href}
      ref={setRef}
      onClick={(event) => {
        onClick?.(event);
        if (!routable || event.defaultPrevented || !isPlainClick(event, event.currentTarget))
          return;
        event.preventDefault();
        void runtime.navigate(href);
      }}
      // Intent: load the page now, not at the prefetch queue's pace, and render it ahead.
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        if (routable) runtime.prepare?.(href);
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        if (routable) runtime.prepare?.(href);
      }}
      onPointerDown={(event) => {
        onPointerDown?.(event);
        if (routable && event.button === 0) runtime.prepare?.(href);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (routable) runtime.prepare?.(href);
      }}
      {...rest}
    />
  );
}
