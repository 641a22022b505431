// Real: the page cache's keys and lookups, and its body store in a temporary folder. Faked: the render outputs (plain objects).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageOutput } from '../render/render-workers.ts';
import type { StoredOutput } from '../render/reuse.ts';
import type { RouteDefinition } from '../site/index.ts';
import { BodyStore } from './body-store.ts';
import { PageCache } from './page-cache.ts';

const route: RouteDefinition = {
  path: '/a/',
  component: 'page',
  data: { title: 'A' },
  head: { title: 'A' },
};
const output: PageOutput = { html: '<p>A</p>', staticQueryHashes: ['q1'], slicesMap: {} };
const inputs = (data: unknown) => ({ queries: new Map([['q1', { data }]]), slices: [] });

const cacheFile = path.join(mkdtempSync(path.join(tmpdir(), 'page-cache-')), 'cache.json');
const store = BodyStore.open(cacheFile, undefined, 0);
const bodies = { store };
const asOutput = (stored: StoredOutput | undefined) =>
  stored && {
    html: stored.body(),
    staticQueryHashes: stored.staticQueryHashes,
    slicesMap: stored.slicesMap,
  };

/** A build that stored `route`'s output, and the pages it saved. */
function stored(data: unknown) {
  const first = new PageCache({}, 'code', 'always', bodies);
  first.forRender(inputs(data)).store(route, route.data, output, []);
  return Object.fromEntries(first.pages);
}

describe('PageCache', () => {
  it('reuses a page whose route, code and static query results are unchanged', () => {
    const next = new PageCache(stored('x'), 'code', 'always', bodies);
    expect(asOutput(next.forRender(inputs('x')).reuse(route))).toEqual(output);
    expect(next.reused).toBe(1);
    expect(next.allReused).toBe(true);
  });

  it('renders again when a query result, the route, the code or the trailing slash changed', () => {
    const saved = stored('x');
    expect(new PageCache(saved, 'code', 'always', bodies).forRender(inputs('y')).reuse(route)).toBe(
      undefined,
    );
    const edited = { ...route, data: { title: 'B' } };
    expect(
      new PageCache(saved, 'code', 'always', bodies).forRender(inputs('x')).reuse(edited),
    ).toBe(undefined);
    expect(
      new PageCache(saved, 'other', 'always', bodies).forRender(inputs('x')).reuse(route),
    ).toBe(undefined);
    expect(new PageCache(saved, 'code', 'never', bodies).forRender(inputs('x')).reuse(route)).toBe(
      undefined,
    );
  });

  it("keeps a page's static parts' HTML when it reuses the page (page-data needs it for client navigation)", () => {
    const withParts: PageOutput = { ...output, staticHtml: { 'hero:0': '<h1>Olá</h1>' } };
    const first = new PageCache({}, 'code', 'always', bodies);
    first.forRender(inputs('x')).store(route, route.data, withParts, []);
    const next = new PageCache(Object.fromEntries(first.pages), 'code', 'always', bodies);
    expect(next.forRender(inputs('x')).reuse(route)?.staticHtml).toEqual(withParts.staticHtml);
  });

  it('keys a route with loadData by the data it reads now, and reads it only for a page kept before', () => {
    let title = 'A';
    const reads: string[] = [];
    const lazy: RouteDefinition = {
      path: '/a/',
      component: 'page',
      loadData: () => {
        reads.push(title);
        return { title };
      },
      head: { title: 'A' },
    };
    const first = new PageCache({}, 'code', 'always', bodies);
    expect(first.forRender(inputs('x')).reuse(lazy)).toBe(undefined);
    expect(reads).toEqual([]); // nothing kept before: no read to make a key
    first.forRender(inputs('x')).store(lazy, { title }, output, []);
    const saved = Object.fromEntries(first.pages);
    expect(
      asOutput(new PageCache(saved, 'code', 'always', bodies).forRender(inputs('x')).reuse(lazy)),
    ).toEqual(output);
    title = 'B';
    expect(new PageCache(saved, 'code', 'always', bodies).forRender(inputs('x')).reuse(lazy)).toBe(
      undefined,
    );
    expect(reads).toEqual(['A', 'B']);
  });

  it('holds one copy of what many pages share and no function per page (100,000 pages in 500 MB)', () => {
    const cache = new PageCache({}, 'code', 'always', bodies);
    const render = cache.forRender(inputs('x'));
    const outputs = ['/a/', '/b/', '/c/'].map((path) =>
      render.store({ ...route, path }, route.data, { ...output, staticQueryHashes: ['q1'] }, []),
    );
    const [a, b, c] = [...cache.pages.values()];
    expect(b?.staticQueryHashes).toBe(a?.staticQueryHashes);
    expect(c?.slicesMap).toBe(a?.slicesMap);
    expect(c?.deps).toBe(a?.deps);
    for (const one of outputs) {
      expect(Object.values(one).filter((value) => typeof value === 'function')).toEqual([]);
      expect(one.body()).toBe('<p>A</p>');
    }
  });
});
