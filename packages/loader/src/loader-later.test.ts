// Real createLoader over real resources and queue: deploys found after the start, lazy chunk
// failures, a start without page-data. Fake fetch, storage, location, navigator and visibility;
// vitest's fake timers where retries or polling wait.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  fakeOptions,
  fakeVisibility,
  settle,
  site,
  throwingStorage,
} from '../test/fakes.ts';
import { createLoader } from './loader.ts';

const APP = '/page-data/app-data.json';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('deploys found later', () => {
  it('re-checks app-data when a tab hidden for a while becomes visible', async () => {
    const routes: Record<string, Answer | Answer[]> = { ...site() };
    const visibility = fakeVisibility();
    const f = fakeOptions(routes, { visibility });
    const loader = createLoader(f.options);
    await loader.start('/');
    routes[APP] = site('build-2')[APP] ?? 404;

    visibility.set(true);
    await vi.advanceTimersByTimeAsync(10_000);
    visibility.set(false); // back after 10 s: no check
    await vi.advanceTimersByTimeAsync(0);
    expect(f.net.count(APP)).toBe(1);

    visibility.set(true);
    await vi.advanceTimersByTimeAsync(60_000);
    visibility.set(false); // back after a minute: check
    await vi.advanceTimersByTimeAsync(0);
    expect(f.net.count(APP)).toBe(2);
    expect(await loader.loadPage('/servicos/')).toBeNull();
    expect(f.nav.assigned).toEqual(['/servicos/']);
  });

  it('checkForUpdate says whether a newer build is deployed', async () => {
    const routes: Record<string, Answer | Answer[]> = { ...site() };
    const loader = createLoader(fakeOptions(routes).options);
    expect(await loader.checkForUpdate()).toBe(false);
    routes[APP] = site('build-2')[APP] ?? 404;
    expect(await loader.checkForUpdate()).toBe(true);
  });
});

describe('lazy chunk failures', () => {
  it('navigate to the last known path once per chunk', async () => {
    const f = fakeOptions(site());
    const loader = createLoader(f.options);
    await loader.start('/');
    await loader.loadPage('/servicos/');
    expect(loader.chunkFailed('component---mapa')).toBe(true);
    expect(loader.chunkFailed('component---mapa')).toBe(false);
    expect(f.nav.assigned).toEqual(['/servicos/']);
  });

  it('never navigate when storage throws', () => {
    const f = fakeOptions(site(), { storage: throwingStorage });
    expect(createLoader(f.options).chunkFailed('component---mapa')).toBe(false);
    expect(f.nav.assigned).toEqual([]);
  });
});

describe('start on a path without page-data', () => {
  it('renders the 404 page when the host has no HTML for it either (HEAD 404)', async () => {
    const f = fakeOptions({ ...site(), 'HEAD /nada/': 404 });
    const res = await settle(createLoader(f.options).start('/nada/'));
    expect(res).toMatchObject({ status: 'not-found', path: '/nada/' });
    expect(f.net.count('/nada/', 'HEAD')).toBe(1);
  });

  it('keeps the server HTML when it exists (HEAD 200) instead of painting the 404 page over it', async () => {
    const f = fakeOptions({ ...site(), 'HEAD /blog/': 200 });
    const out = await settle(createLoader(f.options).start('/blog/'));
    expect((out as Error).message).toBe('page resources for /blog/ not found. Not rendering React');
    expect(f.nav).toEqual({ assigned: [], reloads: 0 });
  });
});
