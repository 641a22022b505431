// Real link observer; a fake IntersectionObserver driven by the test, plain objects as links.
import { describe, expect, it } from 'vitest';
import { createLinkObserver } from './link-observer.ts';

type Link = { origin: string; pathname: string; search: string; target: string };
const ORIGIN = 'https://clinica.example';
const link = (path: string, over: Partial<Link> = {}): Link => {
  const u = new URL(path, ORIGIN);
  return { origin: u.origin, pathname: u.pathname, search: u.search, target: '', ...over };
};

function fakeIO() {
  const state = { observed: new Set<unknown>(), disconnected: false, margin: undefined as unknown };
  let callback: (entries: Array<{ isIntersecting: boolean; target: unknown }>) => void = () => {};
  class IO {
    constructor(cb: typeof callback, init: { rootMargin?: string }) {
      callback = cb;
      state.margin = init.rootMargin;
    }
    observe(el: unknown) {
      state.observed.add(el);
    }
    unobserve(el: unknown) {
      state.observed.delete(el);
    }
    disconnect() {
      state.disconnected = true;
      state.observed.clear();
    }
  }
  const show = (...els: unknown[]) =>
    callback(els.map((target) => ({ isIntersecting: state.observed.has(target), target })));
  return { IO: IO as unknown as typeof IntersectionObserver, state, show };
}

describe('createLinkObserver', () => {
  it('reports a same-origin link once, when it enters the viewport', () => {
    const io = fakeIO();
    const seen: string[] = [];
    const observer = createLinkObserver({
      onEnter: (p) => seen.push(p),
      origin: ORIGIN,
      IntersectionObserver: io.IO,
    });
    const a = link('/servicos/?v=1#equipe');
    observer.observe(a as unknown as Element);
    expect(seen).toEqual([]);
    io.show(a);
    io.show(a);
    expect(seen).toEqual(['/servicos/?v=1']);
  });

  it('never reports links to other origins or new tabs', () => {
    const io = fakeIO();
    const seen: string[] = [];
    const observer = createLinkObserver({
      onEnter: (p) => seen.push(p),
      origin: ORIGIN,
      IntersectionObserver: io.IO,
    });
    const other = link('https://wa.me/5511999999999');
    const blank = link('/galeria/', { target: '_blank' });
    for (const a of [other, blank]) observer.observe(a as unknown as Element);
    io.show(other, blank);
    expect(seen).toEqual([]);
  });

  it('observes the links of a root, and stops on demand', () => {
    const io = fakeIO();
    const seen: string[] = [];
    const links = [link('/a/'), link('/b/')];
    const root = { querySelectorAll: (s: string) => (s === 'a[href]' ? links : []) };
    const stop = createLinkObserver({
      onEnter: (p) => seen.push(p),
      origin: ORIGIN,
      root: root as unknown as ParentNode,
      rootMargin: '200px',
      IntersectionObserver: io.IO,
    });
    expect(io.state.observed.size).toBe(2);
    expect(io.state.margin).toBe('200px');
    const unobserve = stop.observe(link('/c/') as unknown as Element);
    unobserve();
    expect(io.state.observed.size).toBe(2);
    io.show(links[0]);
    expect(seen).toEqual(['/a/']);
    stop();
    expect(io.state.disconnected).toBe(true);
  });
});
