/**
 * A scroll position told by an element as well as in pixels: the element near the top of the
 * viewport, and how far from the top it was. Parts of a page the browser does not lay out while
 * they are off screen (`content-visibility: auto`) stand in at an estimated height until they are
 * shown, so in a new document the same `scrollY` shows other content; the element is found again
 * wherever it is. Elements are named by their place under the app's root (the page shown comes
 * first in it, so its place does not depend on the pages kept hidden beside it).
 */
import { ROOT_ID } from './client-constants.ts';

export interface Anchor {
  /** Element-child indices from the app's root down to the element. */
  path: number[];
  /** Its distance from the top of the viewport, in CSS pixels. */
  top: number;
}

const root = (): HTMLElement | null => document.getElementById(ROOT_ID);

/** Inside a fixed or sticky box: it stays on screen whatever the position, so it tells nothing. */
function pinned(element: Element, until: Element): boolean {
  for (let e: Element | null = element; e && e !== until; e = e.parentElement) {
    const { position } = getComputedStyle(e);
    if (position === 'fixed' || position === 'sticky') return true;
  }
  return false;
}

function pathOf(element: Element, top: Element): number[] {
  const path: number[] = [];
  for (let e: Element = element; e !== top; ) {
    const parent = e.parentElement;
    if (!parent) return [];
    path.unshift(Array.prototype.indexOf.call(parent.children, e));
    e = parent;
  }
  return path;
}

function elementAt(path: readonly number[], top: Element): Element | undefined {
  let e: Element | undefined = top;
  for (const i of path) e = e?.children[i];
  return e;
}

/** The element a quarter down the viewport (not in a fixed bar), with its distance from the top. */
export function anchorNow(): Anchor | undefined {
  const app = root();
  // jsdom and old engines: the position in pixels only
  if (!app || typeof document.elementsFromPoint !== 'function') return undefined;
  const x = window.innerWidth / 2;
  const y = window.innerHeight / 4;
  for (const element of document.elementsFromPoint(x, y)) {
    if (element === app || !app.contains(element) || pinned(element, app)) continue;
    const path = pathOf(element, app);
    if (path.length === 0) continue;
    return { path, top: element.getBoundingClientRect().top };
  }
  return undefined;
}

/**
 * Scrolls so that the anchor's element is as far from the top as it was; false when the page has
 * no such element any more (the position in pixels is all there is).
 */
export function scrollToAnchor(anchor: Anchor, x: number): boolean {
  const app = root();
  const element = app && elementAt(anchor.path, app);
  if (!element) return false;
  const by = element.getBoundingClientRect().top - anchor.top;
  if (Math.abs(by) >= 1) window.scrollTo(x, window.scrollY + by);
  return true;
}
