/**
 * Scroll positions per history entry: each entry the runtime creates carries a key in
 * `history.state`; its position is saved (once per frame while scrolling) in sessionStorage, or
 * in memory when storage throws, and restored when Back/Forward or a reload returns to it.
 */
const PREFIX = 'ssg-scroll:';
const memory = new Map<string, string>();
let key = '';
let pending = false;

type Position = [x: number, y: number];

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
  return Array.isArray(value) && value.length === 2 ? (value as Position) : undefined;
}

const saveNow = () => savePosition(key, [window.scrollX, window.scrollY]);

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
  if (!restored && saved && (kind === 'reload' || kind === 'back_forward')) {
    window.scrollTo(saved[0], saved[1]);
  }
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
