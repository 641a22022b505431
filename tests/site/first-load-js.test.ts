// Real: `build()` of the vet brand for production (NODE_ENV=production, as `ssg build` has it), zlib gzip -9 and esbuild's React 19 floor as `pnpm bench` measures them. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePageBytes, reactFloor } from '../../scripts/bench/bytes.mjs';
import { buildSite, REPO } from '../support/site-build.ts';

/**
 * The home page's first-load JS may exceed React 19's own floor by this many gzip bytes: the
 * figure measured once the navigation chunk was split out and the static parts' runtime joined
 * the entry chunk (10,446 B), grown to 10,693 B by 2026-11-27 and to 10,730 B when `<Script>`
 * began recording its page's policy sources and gained `proxied` (+37 B, the two worker
 * strategies behind one import); then 9,453 B once Vite's preload helper gave way to a slim one
 * (-507 B) and scroll restoration, the service worker and the link observer moved to the
 * navigation chunk, fetched after hydration (-765 B); then 9,348 B once rendering a page ahead (the
 * pointer on a link) moved to the navigation chunk too (-91 B); then 8,907 B once the frame's alert
 * strip and brand link became static parts and `<Image>` left the entry (-441 B), plus a small margin. The design's
 * budget is 6 KB; this check keeps the figure from growing back.
 */
const OVER_FLOOR_LIMIT = 8_940;

let outDir: string;
const testEnv = process.env.NODE_ENV;

beforeAll(async () => {
  // The test runner's NODE_ENV=test would give React's development build, which no visitor gets.
  process.env.NODE_ENV = 'production';
  ({ outDir } = await buildSite({ brand: 'vet' }));
});

afterAll(() => {
  process.env.NODE_ENV = testEnv;
});

describe('the home page’s first-load JS', () => {
  it('stays within React’s floor + 8,940 B gzip, and leaves the navigation code out', async () => {
    const home = homePageBytes(outDir);
    const floor = await reactFloor(REPO);
    expect(home.chunks.filter((c) => c.missing)).toEqual([]);
    expect(
      home.js.gzip - floor.gzip,
      `home first-load JS ${home.js.gzip} B gzip, React floor ${floor.gzip} B`,
    ).toBeLessThanOrEqual(OVER_FLOOR_LIMIT);
    // client navigation is a chunk of its own, fetched at the first intent to follow a link
    expect(home.chunks.map((c) => c.url).filter((u) => u.includes('/navigation-'))).toEqual([]);
  });
});
