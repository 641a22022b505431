// Real createLoader over real resources: a new build deployed while a tab holds pages of the old
// one. Fake fetch (its table swapped for the new build's files), storage, location; fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, desktop, fakeOptions, settle, site } from '../test/fakes.ts';
import { APP_DATA_FRESH_MS } from './constants.ts';
import { createLoader } from './loader.ts';
import type { PageResources } from './types.ts';

const APP = '/page-data/app-data.json';
const SERVICOS = '/page-data/servicos/page-data.json';
const QUERY = '/page-data/sq/d/111.json';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A tab on `/` that has loaded /servicos/ (prefetched or hovered); then `next` is deployed. */
async function heldThenDeployed(next: Record<string, Answer>, navigator = desktop()) {
  const routes: Record<string, Answer | Answer[]> = { ...site() };
  const f = fakeOptions(routes, { navigator });
  const loader = createLoader(f.options);
  await loader.start('/');
  loader.hover('/servicos/');
  await vi.advanceTimersByTimeAsync(0);
  expect(loader.loadPageSync('/servicos/')).toBeDefined();
  Object.assign(routes, next);
  // a moment later: the answers of the start and the hover are a second old
  await vi.advanceTimersByTimeAsync(APP_DATA_FRESH_MS);
  return { ...f, loader };
}

const title = (res: unknown) => (res as PageResources).page.result.data;

describe('new content under the same code (same compilation hash, new build id)', () => {
  it('the next navigation shows the new page-data of a page held, without a reload', async () => {
    const { loader, nav, net } = await heldThenDeployed(site('build-1', ' v2'));
    const res = await settle(loader.loadPage('/servicos/'));
    expect(title(res)).toEqual({ title: 'servicos v2' });
    expect(nav).toEqual({ assigned: [], reloads: 0 });
    expect(net.count(SERVICOS)).toBe(2);
    expect(loader.loadPageSync('/servicos/')).toBe(res);
  });

  it('going back to the first page shows its new data and static query too', async () => {
    const { loader, nav } = await heldThenDeployed(site('build-1', ' v2'));
    await settle(loader.loadPage('/servicos/'));
    const back = (await settle(loader.loadPage('/'))) as PageResources;
    expect(title(back)).toEqual({ title: 'index v2' });
    expect(back.staticQueryResults).toEqual({ '111': { site: 'Clínica v2' }, '222': { units: 3 } });
    expect(nav).toEqual({ assigned: [], reloads: 0 });
  });

  it('the pointer on the link asks app-data; the click that follows waits for no other request', async () => {
    const { loader, net } = await heldThenDeployed(site('build-1', ' v2'));
    loader.hover('/servicos/');
    const res = loader.loadPage('/servicos/');
    // the start's, the first hover's (beside its page-data) and this hover's: none of the click's
    expect(net.count(APP)).toBe(3);
    expect(title(await settle(res))).toEqual({ title: 'servicos v2' });
    // the new page-data is fetched with an app-data request beside it, as every page-data is
    expect(net.count(APP)).toBe(4);
  });

  it('the same build id: a page held opens as it is, fetched once', async () => {
    const { loader, net, nav } = await heldThenDeployed({});
    const res = await settle(loader.loadPage('/servicos/'));
    expect(title(res)).toEqual({ title: 'servicos' });
    expect(net.count(SERVICOS)).toBe(1);
    expect(net.count(QUERY)).toBe(1);
    expect(nav.assigned).toEqual([]);
  });
});

describe('offline', () => {
  it('a page held opens at once, without waiting for app-data and its retries', async () => {
    const offline = desktop({ onLine: false });
    const { loader, net } = await heldThenDeployed({}, offline);
    const asked = net.count(APP);
    const res = loader.loadPage('/servicos/');
    await vi.advanceTimersByTimeAsync(0); // no retry's wait passes
    expect(title(await res)).toEqual({ title: 'servicos' });
    expect(net.count(APP)).toBe(asked);
  });
});

describe('new code (a new compilation hash)', () => {
  it('the next navigation is a full load even to a page loaded before the deploy', async () => {
    const { loader, nav, net } = await heldThenDeployed(site('build-2', ' v2'));
    expect(await settle(loader.loadPage('/servicos/'))).toBeNull();
    expect(nav).toEqual({ assigned: ['/servicos/'], reloads: 0 });
    expect(net.count(SERVICOS)).toBe(1);
  });

  it('a click at once after the pointer reached the link: still a full load', async () => {
    const { loader, nav } = await heldThenDeployed(site('build-2', ' v2'));
    loader.hover('/servicos/');
    expect(await settle(loader.loadPage('/servicos/'))).toBeNull();
    expect(nav.assigned).toEqual(['/servicos/']);
  });
});
