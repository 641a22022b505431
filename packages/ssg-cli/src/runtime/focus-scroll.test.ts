// @vitest-environment jsdom
// Real: the focus and scroll-position helpers on jsdom's DOM, history and sessionStorage; faked: a sessionStorage that throws.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_WRAPPER_ID, focusAfterNavigation, hashTarget } from './focus.ts';
import { enterEntry, readPosition, savedPosition, savePosition, syncEntryKey } from './scroll.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('focus after navigation', () => {
  it('finds an encoded id, and focuses a plain element by making it focusable', () => {
    document.body.innerHTML = `<div id="${FOCUS_WRAPPER_ID}" tabindex="-1"><section id="avaliação"></section></div>`;
    expect(hashTarget('#avalia%C3%A7%C3%A3o')?.tagName).toBe('SECTION');
    expect(hashTarget('#%E0%A4%A')).toBeNull(); // a malformed escape finds nothing, never throws
    focusAfterNavigation('#avalia%C3%A7%C3%A3o');
    expect(document.activeElement?.id).toBe('avaliação');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('focuses the page wrapper without a hash, or when the hash names nothing', () => {
    document.body.innerHTML = `<div id="${FOCUS_WRAPPER_ID}" tabindex="-1"><a href="/x/">x</a></div>`;
    focusAfterNavigation('');
    expect(document.activeElement?.id).toBe(FOCUS_WRAPPER_ID);
    (document.querySelector('a') as HTMLAnchorElement).focus();
    focusAfterNavigation('#nada');
    expect(document.activeElement?.id).toBe(FOCUS_WRAPPER_ID);
  });
});

describe('scroll positions per history entry', () => {
  it('keeps a position per entry key, beside the state the site put in history', () => {
    window.history.replaceState({ mine: 1 }, '');
    const first = syncEntryKey();
    expect(window.history.state).toEqual({ mine: 1, ssgKey: first });
    // leaving the entry saves where the visitor was
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    enterEntry('push', '/outra/');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    expect(savedPosition()).toBeUndefined();
    expect(readPosition(first)).toEqual([0, 640]);
    window.history.replaceState({ ssgKey: first }, '');
    syncEntryKey();
    expect(savedPosition()).toEqual([0, 640]);
  });

  it('falls back to memory when sessionStorage throws', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    savePosition('k1', [0, 300]);
    expect(readPosition('k1')).toEqual([0, 300]);
  });
});
