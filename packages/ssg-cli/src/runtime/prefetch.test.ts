// @vitest-environment jsdom
// Real: prefetch.ts, after-hydration.ts and the loader's link observer on jsdom's DOM; faked: IntersectionObserver (jsdom has none) and the loader.
import type { Loader } from '@ssg/loader';
import { describe, expect, it, vi } from 'vitest';
import { afterHydration } from './after-hydration.ts';
import { observeLink } from './prefetch.ts';

/** The one observer the link observer makes; `enter` scrolls an element into view. */
const watched = new Set<Element>();
let report: IntersectionObserverCallback = () => {};
class FakeObserver {
  constructor(callback: IntersectionObserverCallback) {
    report = callback;
  }
  observe(element: Element) {
    watched.add(element);
  }
  unobserve(element: Element) {
    watched.delete(element);
  }
  disconnect() {
    watched.clear();
  }
}
vi.stubGlobal('IntersectionObserver', FakeObserver);
const enter = (element: Element) => {
  if (!watched.has(element)) return;
  const entry = { isIntersecting: true, target: element } as unknown as IntersectionObserverEntry;
  report([entry], {} as IntersectionObserver);
};

const link = (path: string) => {
  const a = document.createElement('a');
  a.href = path;
  document.body.append(a);
  return a;
};

describe('link prefetching, whose observer comes after hydration', () => {
  it('prefetches links mounted before the observer arrived, and not those unmounted meanwhile', () => {
    const prefetch = vi.fn();
    const loader = { prefetch } as unknown as Loader;
    const early = link('/servicos/');
    const gone = link('/galeria/');
    observeLink(early, loader);
    const stopGone = observeLink(gone, loader);
    enter(early); // no observer yet: nothing is watched, nothing fetched
    expect(prefetch).not.toHaveBeenCalled();
    stopGone(); // unmounted before the observer's code came in

    afterHydration();
    enter(early);
    enter(gone);
    expect(prefetch.mock.calls).toEqual([['/servicos/']]);

    const late = link('/contato/'); // mounted after: watched at once
    observeLink(late, loader);
    enter(late);
    expect(prefetch.mock.calls).toEqual([['/servicos/'], ['/contato/']]);
  });
});
