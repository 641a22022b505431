import { type LayoutProps, Script, Slice, useStaticQuery } from '@ssg/cli/runtime';
import {
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { ensureGtag } from '../lib/analytics.ts';
import { themeStyle } from '../lib/brand.ts';
import { frameQueryRef } from '../lib/frame-query.ts';
import { googleTagScriptUrl } from '../lib/links.ts';
import { MAIN_ID } from '../lib/main-id.ts';
import type { SitePageContext } from '../lib/page-data.ts';
import { telHref } from '../lib/phone.ts';
import { trackStaticLinkClicks } from '../lib/static-link-tracking.ts';
import { BrandLink, FrameAlert } from './frame-parts.static.tsx';
import { TextIcon } from './icon.tsx';
import { type MenuItem, SideMenu } from './side-menu.tsx';
import { PageNameProvider, SiteLink } from './site-link.tsx';
import { TopBar } from './top-bar.tsx';
import { WhatsappPopup } from './whatsapp-popup.tsx';
import '../styles/base.css';
import '../styles/primitives.css';
import './frame.css';

/** The frame's menu: the site's real pages, at their canonical paths. */
export const FRAME_MENU: readonly MenuItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Serviços', to: '/servicos/' },
  { label: 'Galeria', to: '/galeria/' },
  { label: 'Contato', to: '/contato/' },
];

const MENU_ID = 'menu-lateral';

export interface FrameProps {
  /** Name of the page shown; nav links with this text are marked active. */
  pageName?: string | undefined;
  children: ReactNode;
}

/** worker-idle and proxied: the page's gtag calls land on `dataLayer`, copied to the tag in its worker. */
const GTAG_FORWARD = ['dataLayer.push'] as const;

/** Every page's frame: alert strip, top bar, side menu, the page, the footer slice and the gtag tag. */
export function Frame({ pageName, children }: FrameProps) {
  const frame = useStaticQuery(frameQueryRef);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { measurementId, strategy } = frame.analytics;

  useEffect(() => {
    // Queue the tag's setup; page views are sent by onRouteUpdate (browser.ts).
    const gtag = ensureGtag();
    if (!(window.dataLayer as unknown[]).some((e) => (e as IArguments)[0] === 'config')) {
      gtag('js', new Date());
      gtag('config', measurementId, { send_page_view: false });
    }
  }, [measurementId]);
  useEffect(() => trackStaticLinkClicks(), []);

  return (
    <PageNameProvider name={pageName}>
      <div data-slot="frame" className="frame" style={themeStyle(frame.theme) as CSSProperties}>
        <a className="skip-link" href={`#${MAIN_ID}`}>
          Pular para o conteúdo
        </a>
        <FrameAlert text={frame.alert} phone={frame.callPhone} />
        <TopBar
          alertPresent
          phone={frame.callPhone}
          ctaText="Ligue agora"
          menuOpen={menuOpen}
          menuId={MENU_ID}
          menuButtonRef={menuButtonRef}
          onMenuToggle={() => setMenuOpen((o) => !o)}
          brand={<BrandLink logo={frame.logo} companyName={frame.companyName} />}
        />
        <SideMenu
          id={MENU_ID}
          open={menuOpen}
          onClose={closeMenu}
          items={FRAME_MENU}
          title={frame.companyName}
          footer={
            <>
              <SiteLink to={telHref(frame.callPhone)} className="button" data-variant="primary">
                <TextIcon name="phone" size={18} />
                Ligue agora
              </SiteLink>
              <SiteLink to={frame.popup.whatsHref} className="button" data-variant="whatsapp">
                <TextIcon name="whatsapp" size={18} />
                WhatsApp
              </SiteLink>
            </>
          }
        />
        <main id={MAIN_ID} tabIndex={-1} className="frame__main">
          {children}
        </main>
        <Slice alias="footer" />
        <WhatsappPopup title={frame.popup.title} href={frame.popup.whatsHref} />
        <Script
          src={googleTagScriptUrl(measurementId)}
          strategy={strategy}
          forward={GTAG_FORWARD}
        />
      </div>
    </PageNameProvider>
  );
}

/**
 * The site's layout (browser.ts): every page inside the frame. The framework keeps it mounted
 * across client navigations, so the top bar, menu, footer and tag are never rebuilt.
 */
export function SiteLayout({ pageContext, children }: LayoutProps<unknown, SitePageContext>) {
  return <Frame pageName={pageContext.pageName}>{children}</Frame>;
}
