// <Hydrate on>: a part whose server HTML stays as it is until idle, visible or touched, then hydrates in a task of its own.
import { isValidElement, type ReactNode, Suspense, use, useId, useMemo, useRef } from 'react';
import { type Gate, HYDRATE_ATTRIBUTE, openOnInteraction } from './hydrate-gates.ts';

/** When a part's server HTML becomes live: the browser idle, the part near the viewport, or the visitor touching it. */
export type HydrateOn = 'idle' | 'visible' | 'interaction';

export interface HydrateProps {
  /**
   * `idle` (default): once the page has hydrated and the browser has nothing else to do;
   * `visible`: when the part comes within 200 px of the viewport; `interaction`: at the first
   * pointer, key, focus or input inside it. In every mode a visitor's press, click or keystroke
   * inside the part hydrates it at once and then reaches its handlers: nothing is lost.
   */
  on?: HydrateOn | undefined;
  children: ReactNode;
}

const gates = new Map<string, Gate>();
/** A promise React reads as fulfilled without waiting (its thenable fields). */
const DONE = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });
const wrapperStyle = { display: 'contents' } as const;

/** The server's element of the part `id`, when the document holds one (a first load). */
function serverElement(id: string): HTMLElement | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const element of document.querySelectorAll<HTMLElement>(`[${HYDRATE_ATTRIBUTE}]`))
    if (element.getAttribute(HYDRATE_ATTRIBUTE) === id) return element;
  return undefined;
}

/** When to open the gate of a part still showing its server HTML. */
function arm(gate: Gate, on: HydrateOn): void {
  openOnInteraction(gate);
  if (on === 'idle') {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => gate.release());
  } else if (on === 'visible') {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) gate.release();
      },
      { rootMargin: '200px' },
    );
    // the wrapper is `display: contents` (no box of its own): its children are what shows
    for (const child of gate.element.children) observer.observe(child);
    gate.onRelease(() => observer.disconnect());
  }
}

/**
 * Holds the part's hydration back: on its first render over server HTML it suspends on the gate,
 * so React leaves that HTML in place and hydrates the rest. Any later render opens the gate: React
 * renders a waiting part again only for a reason of its own (new props, a context change, a click
 * inside it), and then the part must hydrate now rather than be replaced by its fallback.
 */
function HydrationGate({ id, on, children }: { id: string; on: HydrateOn; children: ReactNode }) {
  let gate = gates.get(id);
  if (gate?.element.isConnected) gate.release();
  else {
    // no server HTML of this part in the document (the server, a client navigation): no gate
    const element = serverElement(id);
    gate = element && newGate(element);
    if (gate) {
      gates.set(id, gate);
      arm(gate, on);
    }
  }
  // the same use() on every render: a pending gate suspends, an open one returns at once
  use(gate?.promise ?? DONE);
  return children;
}

/**
 * A part of a page or layout hydrated later than the rest (see `HydrateProps.on`), in a task of
 * its own: its HTML shows from the first paint and its code is in the page's chunks as usual, but
 * React does not make it live during the page's first hydration. On the server and in a client
 * navigation it renders at once.
 */
export function Hydrate({ on = 'idle', children }: HydrateProps) {
  const id = useId();
  // The parent rendering again with the same child (same type, same props) hands React the same
  // element, so the waiting part sees no update and keeps waiting.
  const previous = useRef(children);
  if (!sameElement(previous.current, children)) previous.current = children;
  const same = previous.current;
  return useMemo(
    () => (
      <Suspense fallback={null}>
        <HydrationGate id={id} on={on}>
          <div {...{ [HYDRATE_ATTRIBUTE]: id }} style={wrapperStyle}>
            {same}
          </div>
        </HydrationGate>
      </Suspense>
    ),
    [id, on, same],
  );
}

/** Whether two children are the same: the same node, or elements of one type and key with the same props. */
function sameElement(a: ReactNode, b: ReactNode): boolean {
  if (Object.is(a, b)) return true;
  if (!isValidElement(a) || !isValidElement(b) || a.type !== b.type || a.key !== b.key)
    return false;
  const pa = a.props as Record<string, unknown>;
  const pb = b.props as Record<string, unknown>;
  const keys = Object.keys(pa);
  return keys.length === Object.keys(pb).length && keys.every((k) => Object.is(pa[k], pb[k]));
}

function newGate(element: Element): Gate {
  let resolve = () => {};
  const cleanups: Array<() => void> = [];
  const gate: Gate = {
    element,
    open: false,
    promise: new Promise<void>((r) => {
      resolve = r;
    }),
    release() {
      if (gate.open) return;
      gate.open = true;
      // React's thenable fields: a render right after release reads the value without waiting
      Object.assign(gate.promise, { status: 'fulfilled', value: undefined });
      for (const cleanup of cleanups) cleanup();
      resolve();
    },
    onRelease(cleanup) {
      cleanups.push(cleanup);
    },
  };
  return gate;
}
