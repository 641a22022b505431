import { type ComponentProps, type ReactNode, type Ref, useEffect, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { telHref } from '../lib/phone.ts';
import { TextIcon } from './icon.tsx';
import { SiteLink } from './site-link.tsx';
import './top-bar.css';

export const SCROLL_THRESHOLD_PX = 48;
export const DEFAULT_CTA_TEXT = 'Ligue agora';

/** Static (in normal flow) while the alert strip is present and the page is scrolled ≤ 48 px; fixed otherwise. */
export function isTopBarFixed(alertPresent: boolean, scrollY: number): boolean {
  return !(alertPresent && scrollY <= SCROLL_THRESHOLD_PX);
}

export function useTopBarFixed(alertPresent: boolean): boolean {
  const [fixed, setFixed] = useState(() => isTopBarFixed(alertPresent, 0));
  useEffect(() => {
    const update = () => setFixed(isTopBarFixed(alertPresent, window.scrollY));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [alertPresent]);
  return fixed;
}

export interface TopBarProps extends ComponentProps<'header'> {
  /** Whether the alert strip is shown above the bar. */
  alertPresent?: boolean;
  /** Number the call-to-action dials. */
  phone: string;
  /** Call-to-action text; `Ligue agora` by default. */
  ctaText?: string;
  menuOpen: boolean;
  menuId: string;
  onMenuToggle: () => void;
  menuButtonRef?: Ref<HTMLButtonElement>;
  /** Brand mark and name, linking home. */
  brand?: ReactNode;
}

export function TopBar({
  alertPresent = true,
  phone,
  ctaText = DEFAULT_CTA_TEXT,
  menuOpen,
  menuId,
  onMenuToggle,
  menuButtonRef,
  brand,
  className,
  ...props
}: TopBarProps) {
  const fixed = useTopBarFixed(alertPresent);
  return (
    <div data-slot="top-bar-space" className="top-bar-space">
      <header
        data-slot="top-bar"
        data-state={fixed ? 'fixed' : 'static'}
        className={cn('top-bar', className)}
        {...props}
      >
        <div className="top-bar__inner">
          <button
            ref={menuButtonRef}
            type="button"
            className="top-bar__menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
            onClick={onMenuToggle}
          >
            <TextIcon name="menu" size={24} />
          </button>
          {brand ? <div className="top-bar__brand">{brand}</div> : null}
          <SiteLink to={telHref(phone)} className="top-bar__cta" data-slot="top-bar-cta">
            <TextIcon name="phone" size={18} />
            <span>{ctaText}</span>
          </SiteLink>
        </div>
      </header>
    </div>
  );
}
