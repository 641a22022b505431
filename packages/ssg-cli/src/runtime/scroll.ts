/**
 * Scroll positions per history entry: each entry the runtime creates carries a key in
 * `history.state`; its position is saved (once per frame while scrolling) in sessionStorage, or
 * in memory when storage throws, and restored when Back/Forward or a reload returns to it. A
 * position is the pixels and the element at the top (scroll-anchor.ts), which wins when both
 * are there: the pixels alone show other content once parts of the page are laid out later.
 */
import { type Anchor, anchorNow, scrollToAnchor } from './scroll-anchor.ts';

const PREFIX = 'ssg-scroll:';
const memory = new Map<string, string>();
let key = '';
let pending = false;

type Position = [x: number, y: number] | [x: number, y: number, anchor: Anchor];

const newKey = () => Math.random().toString(36).slice(2, 10);

function stateWith(entryKey: string): unknown {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' ? { ...state, ssgKey: entryKey } : { ssgKey: entryKey };
}

/** The key of the history entry shown, read from `history.state`; given one when it has none. */
export function syncEntryKey(): string {
  const state = window.history.state as { ssgKey?: unknown } | null;
  key = typeof state?.ssgKey === 'string' ? state.ssgKey : '';
  if (!key) {
    key = newKey();
    window.history.replaceState(stateWith(key), '');
  }
  return key;
}

export function savePosition(entryKey: string, position: Position): void {
  const text = JSON.stringify(position);
  try {
    window.sessionStorage.setItem(PREFIX + entryKey, text);
  } catch {
    memory.set(entryKey, text); // storage full or blocked: this tab's memory still knows
  }
}

export function readPosition(entryKey: string): Position | undefined {
  let text: string | null | undefined = memory.get(entryKey);
  try {
    text ??= window.sessionStorage.getItem(PREFIX + entryKey);
  } catch {
    // storage blocked: only memory
  }
  const value: unknown = text ? JSON.parse(text) : undefined;
  return Array.isArray(value) && (value.length === 2 || value.length === 3)
    ? (value as Position)
    : undefined;
}

function saveNow(): void {
  const anchor = anchorNow();
  const { scrollX: x, scrollY: y } = window;
  savePosition(key, anchor ? [x, y, anchor] : [x, y]);
}

/**
 * Scrolls to a saved position: its pixels, then its element where that one is now, and again two
 * frames later, once the browser has laid out what came near the viewport (unless the visitor
 * has scrolled or gone to another entry meanwhile).
 */
export function restorePosition([x, y, anchor]: Position): void {
  window.scrollTo(x, y);
  if (!anchor || !scrollToAnchor(anchor, x)) return;
  const entry = key;
  const settled = window.scrollY;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (key === entry && Math.abs(window.scrollY - settled) < 1) scrollToAnchor(anchor, x);
    }),
  );
}

/** Before leaving the entry shown: its position now, then a new entry (push) or a new page in it (replace). */
export function enterEntry(mode: 'push' | 'replace', url: string): void {
  saveNow();
  key = newKey();
  if (mode === 'push') window.history.pushState(stateWith(key), '', url);
  else window.history.replaceState(stateWith(key), '', url);
}

/** The position saved for the entry shown, if any. */
export const savedPosition = (): Position | undefined => readPosition(key);

/**
 * Takes scroll restoration over from the browser while the runtime owns navigation. A full load
 * (reload, Back from another site) gets the browser's own restoration back, which happens before
 * the first paint; the saved position covers a browser that did not restore.
 */
export function startScrollRestoration(): void {
  syncEntryKey();
  const restored = window.scrollY !== 0;
  const entry = performance.getEntriesByType('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
  const kind = entry?.type;
  const saved = savedPosition();
  // The browser restores the pixels before the first paint; the element may be elsewhere by then
  // (unless the visitor has scrolled since).
  const untouched = !restored || (saved && Math.round(window.scrollY) === Math.round(saved[1]));
  if (saved && untouched && (kind === 'reload' || kind === 'back_forward')) restorePosition(saved);
  window.history.scrollRestoration = 'manual';
  window.addEventListener(
    'scroll',
    () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        saveNow();
      });
    },
    { passive: true },
  );
  window.addEventListener('pagehide', () => {
    saveNow();
    window.history.scrollRestoration = 'auto';
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.history.scrollRestoration = 'manual';
  });
}
