// Real: the page cache's keys and lookups. Faked: the saved pages and render outputs (plain objects).
import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../site/index.ts';
import type { PageOutput } from '../render-workers.ts';
import { PageCache } from './page-cache.ts';

const route: RouteDefinition = {
  path: '/a/',
  component: 'page',
  data: { title: 'A' },
  head: { title: 'A' },
};
const output: PageOutput = { html: '<p>A</p>', staticQueryHashes: ['q1'], slicesMap: {} };
const inputs = (data: unknown) => ({ queries: new Map([['q1', { data }]]), slices: [] });

/** A build that stored `route`'s output, and the pages it saved. */
function stored(data: unknown) {
  const first = new PageCache({}, 'code', 'always');
  first.forRender(inputs(data)).store(route, output);
  return Object.fromEntries(first.pages);
}

describe('PageCache', () => {
  it('reuses a page whose route, code and static query results are unchanged', () => {
    const next = new PageCache(stored('x'), 'code', 'always');
    expect(next.forRender(inputs('x')).reuse(route)).toEqual(output);
    expect(next.reused).toBe(1);
    expect(next.allReused).toBe(true);
  });

  it('renders again when a query result, the route, the code or the trailing slash changed', () => {
    const saved = stored('x');
    expect(new PageCache(saved, 'code', 'always').forRender(inputs('y')).reuse(route)).toBe(
      undefined,
    );
    const edited = { ...route, data: { title: 'B' } };
    expect(new PageCache(saved, 'code', 'always').forRender(inputs('x')).reuse(edited)).toBe(
      undefined,
    );
    expect(new PageCache(saved, 'other', 'always').forRender(inputs('x')).reuse(route)).toBe(
      undefined,
    );
    expect(new PageCache(saved, 'code', 'never').forRender(inputs('x')).reuse(route)).toBe(
      undefined,
    );
  });
});
