// Fakes of the browser platform for the loader's unit tests: all in memory, no timers of their own.
import { vi } from 'vitest';
import type { LoaderOptions } from '../src/loader.ts';
import type { FetchResponse, NavigatorLike, StorageLike } from '../src/platform.ts';

/** What a route answers: a status (with `body` for 200), a sequence of them, or a thrown error. */
export type Answer = number | 'network-error' | { status: number; body?: unknown };

export interface Request {
  url: string;
  method: string;
}

/**
 * A fetch that answers from a table: `routes[url]` is an answer or a list consumed one per
 * request (the last one repeats). Unknown URLs answer 404. Every request is recorded.
 */
export function fakeFetch(
  routes: Record<string, Answer | Answer[]>,
  bodies: Record<string, unknown> = {},
) {
  const requests: Request[] = [];
  const seen = new Map<string, number>();
  const fetch = async (url: string, init?: { method?: string }): Promise<FetchResponse> => {
    const method = init?.method ?? 'GET';
    requests.push({ url, method });
    const key = method === 'HEAD' ? `HEAD ${url}` : url;
    const route = routes[key] ?? 404;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    const answer = Array.isArray(route) ? (route[Math.min(n, route.length - 1)] ?? 404) : route;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const status = typeof answer === 'number' ? answer : answer.status;
    const body = typeof answer === 'object' ? answer.body : bodies[url];
    return { status, json: async () => body };
  };
  const count = (url: string, method = 'GET') =>
    requests.filter((r) => r.url === url && r.method === method).length;
  return { fetch, requests, count };
}

export function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** Storage as in a browser with storage blocked: every access throws. */
export const throwingStorage = (): StorageLike => {
  const fail = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return { getItem: fail, setItem: fail, removeItem: fail };
};

export const desktop = (over: Partial<NavigatorLike> = {}): NavigatorLike => ({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
  onLine: true,
  connection: { effectiveType: '4g', saveData: false },
  ...over,
});

/** A visibility source whose `hidden` flips on demand, firing `visibilitychange`. */
export function fakeVisibility() {
  const listeners: Array<() => void> = [];
  const v = {
    hidden: false,
    addEventListener: (_: 'visibilitychange', l: () => void) => void listeners.push(l),
    set(hidden: boolean) {
      v.hidden = hidden;
      for (const l of listeners) l();
    },
  };
  return v;
}

/**
 * A whole site's files: page-data by page name, static queries, slices, app-data. `hash` is the
 * build's compilation hash (its code), `text` its content: every page's title and query ends in it.
 */
export function site(hash = 'build-1', text = ''): Record<string, Answer> {
  const page = (name: string, path: string, extra: Record<string, unknown> = {}) => ({
    [`/page-data/${name}/page-data.json`]: {
      status: 200,
      body: {
        componentChunkName: `component---${name.replace('.html', '')}`,
        path,
        result: { data: { title: name + text }, pageContext: {} },
        staticQueryHashes: [],
        slicesMap: {},
        ...extra,
      },
    },
  });
  return {
    '/page-data/app-data.json': {
      status: 200,
      body: { compilationHash: hash, buildId: `${hash}/content${text}` },
    },
    ...page('index', '/', { staticQueryHashes: ['111'], slicesMap: { footer: 'footer' } }),
    ...page('servicos', '/servicos/'),
    ...page('galeria', '/galeria/'),
    ...page('404.html', '/404.html'),
    ...page('500.html', '/500.html'),
    '/page-data/sq/d/111.json': { status: 200, body: { data: { site: `Clínica${text}` } } },
    '/page-data/sq/d/222.json': { status: 200, body: { data: { units: 3 } } },
    '/slice-data/footer.json': {
      status: 200,
      body: {
        componentChunkName: 'slice---footer',
        result: { sliceContext: {}, data: {} },
        staticQueryHashes: ['222'],
      },
    },
  };
}

/** Loader options wired to fakes; a component module is `{ name }`. */
export function fakeOptions(
  routes: Record<string, Answer | Answer[]>,
  over: Partial<LoaderOptions> = {},
) {
  const net = fakeFetch(routes);
  const storage = memoryStorage();
  const nav = { assigned: [] as string[], reloads: 0 };
  const chunkCalls: string[] = [];
  const idle: Array<() => void> = [];
  const options: LoaderOptions = {
    compilationHash: 'build-1',
    loadComponent: async (name) => {
      chunkCalls.push(name);
      return { name };
    },
    fetch: net.fetch,
    setTimeout: (f, ms) => setTimeout(f, ms),
    requestIdleCallback: (f) => idle.push(f),
    navigator: desktop(),
    storage: () => storage,
    location: {
      assign: (url: string | URL) => void nav.assigned.push(String(url)),
      reload: () => void nav.reloads++,
    },
    now: () => Date.now(),
    visibility: undefined,
    ...over,
  };
  /** Runs the idle callbacks queued so far. */
  const runIdle = () => {
    for (const f of idle.splice(0)) f();
  };
  return { options, net, storage, nav, chunkCalls, runIdle };
}

/** Resolves when `p` settles, or 'pending' after every timer and microtask has run (fake timers). */
export async function settle(p: Promise<unknown>): Promise<unknown> {
  let out: unknown = 'pending';
  p.then((v) => (out = v)).catch((e) => (out = e));
  await vi.runAllTimersAsync();
  return out;
}
