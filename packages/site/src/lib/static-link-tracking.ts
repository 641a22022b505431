/**
 * `click_navigate` for links inside static parts (`*.static.tsx`): their HTML runs no SiteLink
 * code in the browser, so one listener on the document sends what SiteLink's onClick would.
 */
import { trackEvent } from './analytics.ts';

/** Starts the listener; returns its stop. */
export function trackStaticLinkClicks(doc: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const link = target?.closest?.('ssg-static a[href]');
    if (link) trackEvent('click_navigate', { href: link.getAttribute('href') });
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
