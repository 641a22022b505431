// Real canPrefetch; navigator fakes.
import { describe, expect, it } from 'vitest';
import { desktop } from '../test/fakes.ts';
import { canPrefetch } from './can-prefetch.ts';

describe('canPrefetch', () => {
  it('allows a desktop browser on 4g', () => {
    expect(canPrefetch(desktop())).toBeNull();
    expect(canPrefetch(desktop({ connection: undefined }))).toBeNull();
  });

  it.each(['2g', 'slow-2g'])('skips on %s', (effectiveType) => {
    expect(canPrefetch(desktop({ connection: { effectiveType } }))).toBe('2g');
  });

  it('skips in save-data mode', () => {
    expect(canPrefetch(desktop({ connection: { effectiveType: '4g', saveData: true } }))).toBe(
      'save-data',
    );
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; YandexSpider/3.0)',
    'SomeCrawler/1.0',
  ])('skips for the bot %s', (userAgent) => {
    expect(canPrefetch(desktop({ userAgent }))).toBe('bot');
  });

  it('skips offline', () => {
    expect(canPrefetch(desktop({ onLine: false }))).toBe('offline');
  });

  it('takes another bot pattern', () => {
    expect(canPrefetch(desktop({ userAgent: 'Lighthouse' }), /lighthouse/i)).toBe('bot');
  });
});
