import { Link } from '@ssg/cli/runtime';
import {
  Children,
  type ComponentProps,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactNode,
  useContext,
} from 'react';
import { trackEvent } from '../lib/analytics.ts';
import { isExternal, isNonPage } from '../lib/links.ts';

/** The name of the page being shown (`Home`, `Serviços`, …); links whose text matches it are active. */
const PageNameContext = createContext<string | undefined>(undefined);

export function PageNameProvider({
  name,
  children,
}: {
  name: string | undefined;
  children: ReactNode;
}) {
  return <PageNameContext.Provider value={name}>{children}</PageNameContext.Provider>;
}

export function usePageName(): string | undefined {
  return useContext(PageNameContext);
}

/** The visible text of a link's children, icons left out. */
export function textOf(node: ReactNode): string {
  let out = '';
  Children.forEach(node, (child) => {
    if (typeof child === 'string' || typeof child === 'number') out += child;
    else if (isValidElement<{ children?: ReactNode }>(child)) out += textOf(child.props.children);
  });
  return out;
}

export interface SiteLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  /** A site path (`/servicos/`), an outside address (`https://…`, `//…`), `tel:` or `#anchor`. */
  to: string;
}

/**
 * Every link of the site: client-side navigation for site paths, a new tab for outside addresses,
 * `aria-current="page"` when its text is the current page's name, and a `click_navigate` event.
 */
export function SiteLink({ to, onClick, children, ...props }: SiteLinkProps) {
  const pageName = usePageName();
  const active = pageName !== undefined && textOf(children).trim() === pageName;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    trackEvent('click_navigate', { href: to });
    onClick?.(event);
  };
  const shared = {
    'data-slot': 'link',
    'aria-current': active ? ('page' as const) : undefined,
    'data-active': active ? '' : undefined,
    onClick: handleClick,
    ...props,
  };
  if (isExternal(to))
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" {...shared}>
        {children}
      </a>
    );
  if (isNonPage(to))
    return (
      <a href={to} {...shared}>
        {children}
      </a>
    );
  return (
    <Link to={to} {...shared}>
      {children}
    </Link>
  );
}
