import { type ComponentProps, type ReactNode, useEffect, useRef } from 'react';
import { cn } from '../lib/cn.ts';
import { TextIcon } from './icon.tsx';
import { SiteLink } from './site-link.tsx';
import './side-menu.css';

export interface MenuItem {
  label: string;
  to: string;
}

/** The specification's menu, used when no items are passed. */
export const DEFAULT_MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Serviços', to: '/servicos' },
  { label: 'Galeria', to: '/galeria' },
  { label: 'Contato', to: '/contato' },
];

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface SideMenuProps extends Omit<ComponentProps<'div'>, 'title'> {
  id: string;
  open: boolean;
  onClose: () => void;
  items?: readonly MenuItem[];
  /** Heading of the panel. */
  title?: ReactNode;
  /** Extra content under the links (phones, social links). */
  footer?: ReactNode;
}

/**
 * Slide-in navigation: a modal panel over a backdrop. Closes on backdrop click, Escape and link
 * click; locks page scrolling while open; moves focus in and gives it back to the opener.
 */
export function SideMenu({
  id,
  open,
  onClose,
  items = DEFAULT_MENU_ITEMS,
  title = 'Menu',
  footer,
  className,
  ...props
}: SideMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const { overflow, paddingRight } = document.body.style;
    // Keep the page from shifting when its scrollbar disappears.
    const gap = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (gap > 0) document.body.style.paddingRight = `${gap}px`;
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      // Keep Tab inside the open dialog.
      const nodes = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = nodes[0];
      const last = nodes[nodes.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, onClose]);

  return (
    <div
      data-slot="side-menu-root"
      data-state={open ? 'open' : 'closed'}
      className={cn('side-menu', className)}
      {...props}
    >
      <div
        data-slot="side-menu-backdrop"
        className="side-menu__backdrop"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        id={id}
        data-slot="side-menu"
        data-state={open ? 'open' : 'closed'}
        className="side-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-label="Menu principal"
        inert={!open}
      >
        <div className="side-menu__header">
          <span className="side-menu__title">{title}</span>
          <button
            type="button"
            className="side-menu__close"
            aria-label="Fechar menu"
            onClick={onClose}
          >
            <TextIcon name="close" size={24} />
          </button>
        </div>
        <nav aria-label="Navegação principal">
          <ul className="side-menu__list">
            {items.map((item) => (
              <li key={item.to}>
                <SiteLink to={item.to} className="side-menu__link" onClick={onClose}>
                  {item.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        {footer ? <div className="side-menu__footer">{footer}</div> : null}
      </div>
    </div>
  );
}
