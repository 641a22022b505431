// Whether prefetching is worth it now: not on 2g, in save-data mode, offline, or for crawlers.
import { BOT_PATTERN } from './constants.ts';
import type { NavigatorLike } from './platform.ts';
import type { PrefetchSkipReason } from './types.ts';

/**
 * Why prefetching should not happen now, or null when it may. Prefetching spends the
 * visitor's data on pages they may never open: not on 2g, not in save-data mode, not offline,
 * and never for crawlers, which would only inflate the host's traffic.
 */
export function canPrefetch(
  nav: NavigatorLike = navigator,
  botPattern: RegExp = BOT_PATTERN,
): PrefetchSkipReason {
  const c = nav.connection;
  if (c?.effectiveType?.includes('2g')) return '2g';
  if (c?.saveData) return 'save-data';
  if (botPattern.test(nav.userAgent)) return 'bot';
  if (!nav.onLine) return 'offline';
  return null;
}
