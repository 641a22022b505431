// Real gtag stub and route hook on jsdom's window; timers are faked to observe the 100 ms delay.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import browser from '../browser.ts';
import { gtagCalls } from '../test/runtime.tsx';
import { FALLBACK_TEXTS, withFallbacks } from './fallback-texts.ts';

beforeEach(() => {
  delete window.dataLayer;
  delete window.gtag;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('page_view on route change', () => {
  it('is sent 100 ms after the route update with pathname + search + hash', () => {
    browser.onRouteUpdate?.({
      location: { pathname: '/servicos/', search: '?utm=x', hash: '#vacinacao' },
      prevLocation: null,
    });
    vi.advanceTimersByTime(99);
    expect(gtagCalls()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(gtagCalls()).toEqual([
      ['event', 'page_view', { page_path: '/servicos/?utm=x#vacinacao' }],
    ]);
  });
  it('defines the standard gtag stub that pushes arguments onto dataLayer', () => {
    browser.onRouteUpdate?.({
      location: { pathname: '/', search: '', hash: '' },
      prevLocation: null,
    });
    vi.advanceTimersByTime(100);
    expect(typeof window.gtag).toBe('function');
    expect(Object.prototype.toString.call(window.dataLayer?.[0])).toBe('[object Arguments]');
  });
});

describe('generated texts', () => {
  it('fall back to Portuguese texts when missing or blank', () => {
    const t = withFallbacks({ h2: '  ', about1: 'Texto próprio' });
    expect(t.h2).toBe(FALLBACK_TEXTS.h2);
    expect(t.about1).toBe('Texto próprio');
    expect(t.whatsMessage).toMatch(/^Olá!/);
  });
});
