// Real pattern matching and a real createLoader over real resources; fake fetch, storage, location and loadComponent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeOptions, site } from '../test/fakes.ts';
import type { MatchPath } from './contract.ts';
import { createLoader } from './loader.ts';
import { pageMatching, pathMatches } from './match-path.ts';

describe('pathMatches', () => {
  it('a last * covers the prefix itself and anything below it, slash or not', () => {
    for (const path of [
      '/conta',
      '/conta/',
      '/conta/pedidos',
      '/conta/pedidos/42/',
      '/conta/x?y=1',
    ])
      expect(pathMatches('/conta/*', path), path).toBe(true);
    for (const path of ['/', '/contas', '/contato/', '/x/conta/'])
      expect(pathMatches('/conta/*', path), path).toBe(false);
  });

  it(':name stands for exactly one segment; literal segments match as written', () => {
    expect(pathMatches('/app/:id/', '/app/42')).toBe(true);
    expect(pathMatches('/app/:id/', '/app/42/')).toBe(true);
    expect(pathMatches('/app/:id/', '/app/')).toBe(false);
    expect(pathMatches('/app/:id/', '/app/42/edit')).toBe(false);
    expect(pathMatches('/app/:id/*', '/app/42/edit/x')).toBe(true);
    // a dot is a dot, not any character
    expect(pathMatches('/v1.0/*', '/v1x0/a')).toBe(false);
    expect(pathMatches('/v1.0/*', '/v1.0/a')).toBe(true);
  });

  it('takes the first pattern that matches: the build lists the most specific first', () => {
    const list: MatchPath[] = [
      { path: '/app/admin/', matchPath: '/app/admin/*' },
      { path: '/app/', matchPath: '/app/*' },
    ];
    expect(pageMatching(list, '/app/admin/users')).toBe('/app/admin/');
    expect(pageMatching(list, '/app/settings')).toBe('/app/');
    expect(pageMatching(list, '/blog/')).toBeUndefined();
    expect(pageMatching(undefined, '/app/x')).toBeUndefined();
  });
});

describe('a loader with client-only routes', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const CONTA = '/page-data/conta/page-data.json';
  const routes = () => ({
    ...site(),
    [CONTA]: {
      status: 200,
      body: {
        componentChunkName: 'component---conta',
        path: '/conta/',
        result: { data: { title: 'Conta' }, pageContext: {} },
        staticQueryHashes: [],
        slicesMap: {},
        matchPath: '/conta/*',
      },
    },
  });
  const matchPaths = [{ path: '/conta/', matchPath: '/conta/*' }];

  it("navigates to a sub-path with the matching page's data, at the path asked for, with no request for its own", async () => {
    const f = fakeOptions(routes(), { matchPaths });
    const loader = createLoader(f.options);
    const res = await loader.loadPage('/conta/pedidos/42');
    expect(res).toMatchObject({ status: 'success', path: '/conta/pedidos/42' });
    expect(res?.page.path).toBe('/conta/');
    expect(f.net.requests.map((r) => r.url)).not.toContain(
      '/page-data/conta/pedidos/42/page-data.json',
    );
    expect(f.nav.assigned).toEqual([]);
    // a second sub-path reuses the page's data
    await loader.loadPage('/conta/perfil');
    expect(f.net.count(CONTA)).toBe(1);
    expect(loader.loadPageSync('/conta/perfil')?.page.path).toBe('/conta/');
  });

  it('starts on a sub-path loaded directly (the host served the page for it)', async () => {
    const f = fakeOptions(routes(), { matchPaths });
    const res = await createLoader(f.options).start('/conta/pedidos');
    expect(res).toMatchObject({ status: 'success', path: '/conta/pedidos' });
    expect(res.page.matchPath).toBe('/conta/*');
  });

  it('still gives the 404 page for a path no pattern covers, and without the list', async () => {
    const f = fakeOptions(routes(), { matchPaths });
    expect(await createLoader(f.options).loadPage('/nada/')).toMatchObject({ status: 'not-found' });
    const plain = fakeOptions(routes());
    const res = await createLoader(plain.options).loadPage('/conta/pedidos');
    expect(res).toMatchObject({ status: 'not-found' });
  });
});
