// The gates of <Hydrate> parts, and the one listener that opens a part's gate when the visitor touches it.

/** The attribute on a deferred part's wrapper element: the part's id (React's `useId`). */
export const HYDRATE_ATTRIBUTE = 'data-ssg-hydrate';

/** A deferred part's hydration: suspended on `promise` until `release()`. */
export interface Gate {
  /** The part's wrapper in the server HTML. */
  element: Element;
  open: boolean;
  promise: Promise<void>;
  release(): void;
  /** Runs once the gate opens (an observer to disconnect). */
  onRelease(cleanup: () => void): void;
}

/**
 * The events that open a part's gate. React hydrates a waiting part synchronously when one of its
 * replayable events (press, click, key, input) lands in it, then dispatches the event, but only if
 * the part can render now: this listener runs first (window, capture) and opens the gate.
 */
const OPENING_EVENTS = [
  'pointerdown', // a mouse, pen or finger (before mousedown and touchstart)
  'keydown',
  'focusin',
  'input',
  'click',
] as const;

const waiting = new Set<Gate>();

function onEvent(event: Event): void {
  const target = event.target;
  if (!(target instanceof Node)) return;
  for (const gate of waiting) if (gate.element.contains(target)) gate.release();
}

let listening = false;

/** Opens `gate` when an event of OPENING_EVENTS happens inside its element. */
export function openOnInteraction(gate: Gate): void {
  if (!listening) {
    listening = true;
    for (const type of OPENING_EVENTS)
      window.addEventListener(type, onEvent, { capture: true, passive: true });
  }
  waiting.add(gate);
  gate.onRelease(() => waiting.delete(gate));
}
