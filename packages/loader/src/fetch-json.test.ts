// Real fetchJson and retry; fake fetch (an answer table) and vitest's fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, fakeFetch } from '../test/fakes.ts';
import { FETCH_RETRIES, RETRY_BACKOFF_MS } from './constants.ts';
import { fetchJson, fetchOk } from './fetch-json.ts';

const PAGE_DATA_URL = '/page-data/servicos/page-data.json';

function setup(answers: Answer | Answer[], retries = FETCH_RETRIES) {
  const net = fakeFetch({ [PAGE_DATA_URL]: answers }, { [PAGE_DATA_URL]: { ok: true } });
  const config = {
    fetch: net.fetch,
    setTimeout: (f: () => void, ms: number) => setTimeout(f, ms),
    retries,
    retryBackoffMs: RETRY_BACKOFF_MS,
  };
  return { net, config };
}

describe('fetchJson', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('answers a 200 with its JSON after one request', async () => {
    const { net, config } = setup(200);
    await expect(fetchJson(PAGE_DATA_URL, config)).resolves.toEqual({
      status: 200,
      data: { ok: true },
    });
    expect(net.count(PAGE_DATA_URL)).toBe(1);
  });

  it.each([404, 500] as const)('answers a %i at once, without retrying', async (status) => {
    const { net, config } = setup(status);
    await expect(fetchJson(PAGE_DATA_URL, config)).resolves.toEqual({ status });
    expect(net.count(PAGE_DATA_URL)).toBe(1);
  });

  it.each([503, 502, 403, 301, 'network-error'] as const)(
    'retries a %s and succeeds when the host recovers',
    async (first) => {
      const { net, config } = setup([first, first, 200]);
      const p = fetchJson(PAGE_DATA_URL, config);
      await vi.runAllTimersAsync();
      await expect(p).resolves.toEqual({ status: 200, data: { ok: true } });
      expect(net.count(PAGE_DATA_URL)).toBe(3);
    },
  );

  it('gives up after 3 retries (4 requests) with an error naming the file', async () => {
    const { net, config } = setup(503);
    const p = fetchJson(PAGE_DATA_URL, config);
    const settled = expect(p).rejects.toThrow(`${PAGE_DATA_URL} could not be loaded`);
    await vi.runAllTimersAsync();
    await settled;
    expect(net.count(PAGE_DATA_URL)).toBe(FETCH_RETRIES + 1);
    expect(FETCH_RETRIES).toBe(3);
  });

  it('backs off 100, 200 and 400 ms between attempts instead of retrying back to back', async () => {
    const { net, config } = setup(503);
    const p = fetchJson(PAGE_DATA_URL, config).catch(() => 'failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.count(PAGE_DATA_URL)).toBe(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(net.count(PAGE_DATA_URL)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.count(PAGE_DATA_URL)).toBe(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(net.count(PAGE_DATA_URL)).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.count(PAGE_DATA_URL)).toBe(3);
    await vi.advanceTimersByTimeAsync(399);
    expect(net.count(PAGE_DATA_URL)).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.count(PAGE_DATA_URL)).toBe(4);
    await expect(p).resolves.toBe('failed');
  });

  it('retries unreadable JSON like a failed request', async () => {
    let calls = 0;
    const config = {
      fetch: async () => ({
        status: 200,
        json: async () => {
          if (calls++ === 0) throw new SyntaxError('Unexpected end of JSON input');
          return { ok: 1 };
        },
      }),
      setTimeout: (f: () => void, ms: number) => setTimeout(f, ms),
      retries: 3,
      retryBackoffMs: 100,
    };
    const p = fetchJson(PAGE_DATA_URL, config);
    await vi.runAllTimersAsync();
    await expect(p).resolves.toEqual({ status: 200, data: { ok: 1 } });
  });

  it('takes its retry count from the options', async () => {
    const { net, config } = setup(503, 1);
    const p = fetchJson(PAGE_DATA_URL, config).catch(() => 'failed');
    await vi.runAllTimersAsync();
    await p;
    expect(net.count(PAGE_DATA_URL)).toBe(2);
  });
});

describe('fetchOk', () => {
  it.each([404, 500])('rejects a %i naming the file', async (status) => {
    const { config } = setup(status);
    await expect(fetchOk(PAGE_DATA_URL, config)).rejects.toThrow(
      `${PAGE_DATA_URL} could not be loaded`,
    );
  });
});
