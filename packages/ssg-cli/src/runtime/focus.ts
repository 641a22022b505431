// Focus after a client navigation (the navigation chunk); the wrapper's id is shared with page.tsx.
import { FOCUS_WRAPPER_ID } from './client-constants.ts';

export { FOCUS_WRAPPER_ID };

/** The element a `#hash` names: its id as written, or percent-decoded (`#avalia%C3%A7%C3%A3o`). */
export function hashTarget(hash: string, doc: Document = document): HTMLElement | null {
  const raw = hash.replace(/^#/, '');
  if (!raw) return null;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // a malformed escape: only the id as written can match
  }
  return doc.getElementById(raw) ?? doc.getElementById(decoded);
}

/**
 * After a client navigation (never the first load): focus to the hash's element, made focusable
 * when it is not, or else to the page's wrapper, so the next Tab starts in the new page. Focus
 * never scrolls: the scroll position is the restoration's to set.
 */
export function focusAfterNavigation(hash: string, doc: Document = document): void {
  const target = hashTarget(hash, doc);
  if (target && target.tabIndex < 0 && !target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
  }
  const element = target ?? doc.getElementById(FOCUS_WRAPPER_ID);
  element?.focus({ preventScroll: true });
}
