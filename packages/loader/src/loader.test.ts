// Real createLoader over real resources and queue; fake fetch, storage, location, navigator,
// visibility and loadComponent; vitest's fake timers where retries or polling wait.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, fakeOptions, settle, site, throwingStorage } from '../test/fakes.ts';
import { CHUNK_KEY, createLoader, RELOAD_KEY } from './loader.ts';

const SERVICOS = '/page-data/servicos/page-data.json';
const APP = '/page-data/app-data.json';

const goneChunk = (gone: string) => async (name: string) => {
  if (name === gone) throw new TypeError('Failed to fetch dynamically imported module');
  return { name };
};

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('start', () => {
  it("returns the current page's resources and checks app-data once", async () => {
    const f = fakeOptions(site());
    const res = await createLoader(f.options).start('/#contato');
    expect(res).toMatchObject({ status: 'success', path: '/' });
    expect(f.net.count(APP)).toBe(1);
    expect(f.nav).toEqual({ assigned: [], reloads: 0 });
  });

  it('rejects with the exact message when there are no page resources, and leaves the page alone', async () => {
    const f = fakeOptions({ ...site(), [SERVICOS]: 503 });
    const out = await settle(createLoader(f.options).start('/servicos/'));
    expect(out).toBeInstanceOf(Error);
    expect((out as Error).message).toBe(
      'page resources for /servicos/ not found. Not rendering React',
    );
    expect(f.nav).toEqual({ assigned: [], reloads: 0 });
    expect(f.net.count(SERVICOS)).toBe(4);
  });

  it('rejects with an error naming a static query file that cannot be loaded', async () => {
    const f = fakeOptions({ ...site(), '/page-data/sq/d/111.json': 503 });
    const out = await settle(createLoader(f.options).start('/'));
    expect((out as Error).message).toBe('/page-data/sq/d/111.json could not be loaded');
  });

  it('reloads once when the HTML is older than the deployed build, never twice', async () => {
    const routes = { ...site('build-2') };
    const f = fakeOptions(routes);
    expect(await settle(createLoader(f.options).start('/'))).toBe('pending');
    expect(f.nav.reloads).toBe(1);
    expect(f.storage.data.get(RELOAD_KEY)).toBe('build-2');
    // the reloaded page is still old (a CDN serving stale HTML): render it, do not loop
    const again = await settle(createLoader(f.options).start('/'));
    expect(again).toMatchObject({ status: 'success' });
    expect(f.nav.reloads).toBe(1);
  });

  it('clears the guard after a clean load, so a later deploy reloads once again', async () => {
    const f = fakeOptions(site('build-1'));
    f.storage.setItem(RELOAD_KEY, 'build-1');
    await createLoader(f.options).start('/');
    expect(f.storage.data.has(RELOAD_KEY)).toBe(false);
  });

  it('does not reload at all when storage throws (it could not remember the reload)', async () => {
    const f = fakeOptions(site('build-2'), { storage: throwingStorage });
    const res = await settle(createLoader(f.options).start('/'));
    expect(res).toMatchObject({ status: 'success' });
    expect(f.nav.reloads).toBe(0);
  });

  it('ignores an unreadable app-data', async () => {
    const f = fakeOptions({ ...site(), [APP]: 503 });
    expect(await settle(createLoader(f.options).start('/'))).toMatchObject({ status: 'success' });
    expect(f.nav.reloads).toBe(0);
  });

  it('reloads once for a chunk that is gone, then leaves the server HTML (no loop)', async () => {
    const f = fakeOptions(site(), { loadComponent: goneChunk('component---servicos') });
    expect(await settle(createLoader(f.options).start('/servicos/'))).toBe('pending');
    expect(f.nav.reloads).toBe(1);
    expect(f.storage.data.get(`${CHUNK_KEY}component---servicos`)).toBe('1');
    const second = await settle(createLoader(f.options).start('/servicos/'));
    expect((second as Error).message).toBe(
      'page resources for /servicos/ not found. Not rendering React',
    );
    expect(f.nav.reloads).toBe(1);
  });

  it('does not reload for a gone chunk when storage throws', async () => {
    const f = fakeOptions(site(), {
      loadComponent: goneChunk('component---servicos'),
      storage: throwingStorage,
    });
    const out = await settle(createLoader(f.options).start('/servicos/'));
    expect(out).toBeInstanceOf(Error);
    expect(f.nav.reloads).toBe(0);
  });
});

describe('loadPage', () => {
  async function started(routes: Record<string, Answer | Answer[]>, over = {}) {
    const f = fakeOptions(routes, over);
    const loader = createLoader(f.options);
    await loader.start('/');
    return { ...f, loader };
  }

  it('returns the resources of a client navigation', async () => {
    const { loader, nav } = await started(site());
    await expect(loader.loadPage('/servicos/')).resolves.toMatchObject({ status: 'success' });
    expect(nav.assigned).toEqual([]);
  });

  it('fetches page-data after a 503 when the retry gets a 200', async () => {
    const { loader, net } = await started({
      ...site(),
      [SERVICOS]: [503, site()[SERVICOS] ?? 404],
    });
    const res = await settle(loader.loadPage('/servicos/'));
    expect(res).toMatchObject({ status: 'success' });
    expect(net.count(SERVICOS)).toBe(2);
  });

  it('does a full navigation when the resources cannot be loaded', async () => {
    const { loader, nav, net } = await started({ ...site(), [SERVICOS]: 503 });
    expect(await settle(loader.loadPage('/servicos/'))).toBeNull();
    expect(nav.assigned).toEqual(['/servicos/']);
    expect(net.count(SERVICOS)).toBe(4);
  });

  it('renders the 404 page when HEAD says the HTML does not exist either', async () => {
    const { loader, nav, net } = await started({ ...site(), 'HEAD /nada/': 404 });
    const res = await settle(loader.loadPage('/nada/'));
    expect(res).toMatchObject({ status: 'not-found', path: '/nada/' });
    expect(net.count('/nada/', 'HEAD')).toBe(1);
    expect(nav.assigned).toEqual([]);
  });

  it('navigates to the path when HEAD finds HTML without page-data', async () => {
    const { loader, nav } = await started({ ...site(), 'HEAD /blog/': 200 });
    expect(await settle(loader.loadPage('/blog/'))).toBeNull();
    expect(nav.assigned).toEqual(['/blog/']);
  });

  it('renders the 404 page when the HEAD request itself fails', async () => {
    const { loader, nav } = await started({ ...site(), 'HEAD /nada/': 'network-error' });
    expect(await settle(loader.loadPage('/nada/'))).toMatchObject({ status: 'not-found' });
    expect(nav.assigned).toEqual([]);
  });

  it('renders the 500 page without a HEAD probe', async () => {
    const { loader, net } = await started({ ...site(), [SERVICOS]: 500 });
    expect(await settle(loader.loadPage('/servicos/'))).toMatchObject({ status: 'server-error' });
    expect(net.requests.filter((r) => r.method === 'HEAD')).toEqual([]);
  });

  it('goes back to the last known path when the target chunk is gone, once per chunk', async () => {
    const loadComponent = vi.fn(goneChunk('component---servicos'));
    const { loader, nav, storage } = await started(site(), { loadComponent });
    expect(await settle(loader.loadPage('/servicos/'))).toBeNull();
    expect(nav.assigned).toEqual(['/']);
    // polled: the first try and 3 more, 200 ms apart
    expect(loadComponent.mock.calls.filter(([c]) => c === 'component---servicos')).toHaveLength(4);
    expect(storage.data.get(`${CHUNK_KEY}component---servicos`)).toBe('1');
  });

  it('navigates fully to the target when its chunk already failed this session (no loop)', async () => {
    const loadComponent = vi.fn(goneChunk('component---servicos'));
    const { loader, nav } = await started(site(), { loadComponent });
    await settle(loader.loadPage('/galeria/'));
    expect(await settle(loader.loadPage('/servicos/'))).toBeNull();
    expect(await settle(loader.loadPage('/servicos/'))).toBeNull();
    expect(nav.assigned).toEqual(['/galeria/', '/servicos/']);
  });

  it('navigates fully when app-data shows a new deploy during the visit', async () => {
    const routes: Record<string, Answer | Answer[]> = { ...site() };
    const { loader, nav, net } = await started(routes);
    routes[APP] = site('build-2')[APP] ?? 404;
    expect(await settle(loader.loadPage('/servicos/'))).toBeNull();
    expect(nav.assigned).toEqual(['/servicos/']);
    // and every later navigation too, without asking again
    expect(await settle(loader.loadPage('/galeria/'))).toBeNull();
    expect(net.count('/page-data/galeria/page-data.json')).toBe(0);
  });

  it('navigates fully after an updated service worker installed', async () => {
    let updated = false;
    const { loader, nav } = await started(site(), { updateAvailable: () => updated });
    await loader.loadPage('/servicos/');
    updated = true;
    expect(await loader.loadPage('/galeria/')).toBeNull();
    expect(nav.assigned).toEqual(['/galeria/']);
  });

  it('strips #hash from the cache key, so both spellings share one request', async () => {
    const { loader, net } = await started(site());
    await Promise.all([loader.loadPage('/servicos/#equipe'), loader.loadPage('/servicos/')]);
    expect(net.count(SERVICOS)).toBe(1);
    expect(loader.loadPageSync('/servicos/#x')).toMatchObject({ path: '/servicos/' });
  });
});

describe('prefetch and hover', () => {
  it('prefetches through the idle queue, and a navigation then needs no request', async () => {
    const f = fakeOptions(site());
    const loader = createLoader(f.options);
    expect(loader.prefetch('/servicos/')).toBeNull();
    expect(f.net.count(SERVICOS)).toBe(0);
    f.runIdle();
    await vi.runAllTimersAsync();
    expect(f.net.count(SERVICOS)).toBe(1);
    expect(f.chunkCalls).toContain('component---servicos');
    expect(loader.loadPageSync('/servicos/')).toMatchObject({ status: 'success' });
    await loader.loadPage('/servicos/');
    expect(f.net.count(SERVICOS)).toBe(1);
  });

  it.each([
    ['2g', { effectiveType: '2g' }, undefined],
    ['save-data', { saveData: true }, undefined],
    ['bot', undefined, 'Mozilla/5.0 (compatible; bingbot/2.0)'],
  ])('prefetches nothing on %s', async (reason, connection, userAgent) => {
    const f = fakeOptions(site(), {
      navigator: {
        onLine: true,
        userAgent: userAgent ?? 'Mozilla/5.0',
        ...(connection ? { connection } : {}),
      },
    });
    const loader = createLoader(f.options);
    expect(loader.prefetch('/servicos/')).toBe(reason);
    f.runIdle();
    await vi.runAllTimersAsync();
    expect(f.net.requests).toEqual([]);
  });

  it('loads a hovered page at once, even where prefetching is skipped', async () => {
    const f = fakeOptions(site(), {
      navigator: { onLine: true, userAgent: 'x', connection: { saveData: true } },
    });
    createLoader(f.options).hover('/servicos/');
    await vi.advanceTimersByTimeAsync(0);
    expect(f.net.count(SERVICOS)).toBe(1);
  });
});
