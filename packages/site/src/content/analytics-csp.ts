import type { SiteCspSources } from '@ssg/cli/site';
import { GOOGLE_TAG_ORIGIN } from '../lib/links.ts';
import type { ScriptStrategy } from './schema.ts';

/** Where Google's tag is loaded from and sends its hits: allowed only when analytics is configured. */
export function analyticsSources(
  analytics: { measurementId: string; strategy: ScriptStrategy } | undefined,
): SiteCspSources {
  if (!analytics) return {};
  return {
    scriptSrc: [GOOGLE_TAG_ORIGIN],
    connectSrc: [
      GOOGLE_TAG_ORIGIN,
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
    imgSrc: [GOOGLE_TAG_ORIGIN, 'https://*.google-analytics.com'],
    // worker-idle: the tag runs in a Worker made from a Blob (importScripts obeys script-src)
    ...(analytics.strategy === 'worker-idle' ? { workerSrc: ['blob:'] } : {}),
  };
}
