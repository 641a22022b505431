// Real resource loading (page-data, fallbacks, static queries, slices, chunk polling); fake fetch,
// fake loadComponent and vitest's fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, fakeFetch, site } from '../test/fakes.ts';
import { CHUNK_RETRY_POLL_MS, LOADER_DEFAULTS } from './constants.ts';
import { createResources } from './resources.ts';

function setup(
  routes: Record<string, Answer | Answer[]> = site(),
  loadComponent: (name: string) => Promise<unknown> = async (name) => ({ name }),
) {
  const net = fakeFetch(routes);
  const chunks: string[] = [];
  const alongside = vi.fn(async () => {});
  const r = createResources(
    {
      ...LOADER_DEFAULTS,
      fetch: net.fetch,
      setTimeout: (f, ms) => setTimeout(f, ms),
      loadComponent: (name) => {
        chunks.push(name);
        return loadComponent(name);
      },
    },
    alongside,
  );
  return { ...r, net, chunks, alongside };
}

describe('page resources', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('loads page-data, component, static queries and slices with their queries', async () => {
    const { load, loaded } = setup();
    const res = await load('/');
    expect(res.status).toBe('success');
    expect(res.page.componentChunkName).toBe('component---index');
    expect(res.component).toEqual({ name: 'component---index' });
    expect(res.staticQueryResults).toEqual({ '111': { site: 'Clínica' }, '222': { units: 3 } });
    expect(Object.keys(res.slices)).toEqual(['footer']);
    expect(res.slices.footer?.component).toEqual({ name: 'slice---footer' });
    expect(loaded.get('/')).toBe(res);
  });

  it('renders the 404 page for a path without page-data', async () => {
    const { load } = setup();
    const res = await load('/nao-existe/');
    expect(res).toMatchObject({ status: 'not-found', path: '/nao-existe/' });
    expect(res.page.path).toBe('/404.html');
  });

  it('renders the 500 page when page-data answers 500', async () => {
    const { load, net } = setup({ ...site(), '/page-data/servicos/page-data.json': 500 });
    const res = await load('/servicos/');
    expect(res).toMatchObject({ status: 'server-error', path: '/servicos/' });
    expect(res.page.path).toBe('/500.html');
    expect(net.count('/page-data/servicos/page-data.json')).toBe(1);
  });

  it('fails when the 404 page itself has no page-data, instead of looping', async () => {
    const routes: Record<string, Answer> = { ...site() };
    delete routes['/page-data/404.html/page-data.json'];
    const { load } = setup(routes);
    await expect(load('/nao-existe/')).rejects.toThrow(
      '/page-data/404.html/page-data.json could not be loaded',
    );
  });

  it('names the static query file that could not be loaded', async () => {
    const { load } = setup({ ...site(), '/page-data/sq/d/222.json': 404 });
    await expect(load('/')).rejects.toThrow('/page-data/sq/d/222.json could not be loaded');
    await expect(load('/')).rejects.toMatchObject({ query: '/page-data/sq/d/222.json' });
  });

  it('shares one request between concurrent callers, and caches per path', async () => {
    const { load, net } = setup();
    const [a, b] = await Promise.all([load('/servicos/'), load('/servicos/')]);
    expect(a).toBe(b);
    await load('/servicos/');
    expect(net.count('/page-data/servicos/page-data.json')).toBe(1);
  });

  it('does not keep a failure: the next caller tries again', async () => {
    const { load, net } = setup({
      ...site(),
      '/page-data/galeria/page-data.json': [
        503,
        503,
        503,
        503,
        site()['/page-data/galeria/page-data.json'] ?? 404,
      ],
    });
    const first = load('/galeria/').catch((e: Error) => e.message);
    await vi.runAllTimersAsync();
    expect(await first).toBe('/page-data/galeria/page-data.json could not be loaded');
    await expect(load('/galeria/')).resolves.toMatchObject({ status: 'success' });
    expect(net.count('/page-data/galeria/page-data.json')).toBe(5);
  });

  it('polls a failed chunk every 200 ms and succeeds when it comes back', async () => {
    let fails = 2;
    const { load, chunks } = setup(site(), async (name) => {
      if (fails-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
      return { name };
    });
    const p = load('/servicos/');
    await vi.advanceTimersByTimeAsync(0);
    expect(chunks).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_POLL_MS - 1);
    expect(chunks).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(chunks).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_POLL_MS);
    await expect(p).resolves.toMatchObject({ status: 'success' });
    expect(chunks).toEqual(Array(3).fill('component---servicos'));
  });

  it('gives up on a chunk that stays gone, with an error naming it', async () => {
    const { load, chunks } = setup(site(), async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const p = load('/servicos/').catch((e) => e);
    await vi.runAllTimersAsync();
    expect(await p).toMatchObject({
      chunk: 'component---servicos',
      message: 'component---servicos could not be loaded',
    });
    expect(chunks).toHaveLength(1 + LOADER_DEFAULTS.chunkRetries);
  });

  it('runs the app-data check beside each page, not beside its fallback', async () => {
    const { load, alongside } = setup();
    await load('/nao-existe/');
    expect(alongside).toHaveBeenCalledTimes(1);
  });
});

describe('drop (new content deployed)', () => {
  it('forgets every page and file held: the next load fetches them again', async () => {
    const { load, loaded, drop, net } = setup();
    await load('/');
    drop();
    expect(loaded.size).toBe(0);
    await load('/');
    expect(net.count('/page-data/index/page-data.json')).toBe(2);
    expect(net.count('/page-data/sq/d/111.json')).toBe(2);
    expect(net.count('/slice-data/footer.json')).toBe(2);
  });

  it('a load begun before the drop does not put the old build data back', async () => {
    const net = fakeFetch(site());
    let answer = () => {};
    // the app-data check beside the page-data answers only when the test says so
    const alongside = () => new Promise<void>((resolve) => (answer = resolve));
    const r = createResources(
      {
        ...LOADER_DEFAULTS,
        fetch: net.fetch,
        setTimeout: (f, ms) => setTimeout(f, ms),
        loadComponent: async (name) => ({ name }),
      },
      alongside,
    );
    const old = r.load('/servicos/');
    await Promise.resolve();
    r.drop();
    answer();
    await old;
    expect(r.loaded.has('/servicos/')).toBe(false);
  });
});
