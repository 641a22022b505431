import type { SiteCspSources } from '@ssg/cli/site';
import type { ScriptStrategy } from '../content/schema.ts';

/** Where Google's tag is loaded from and sends its hits: allowed only when analytics is configured. */
export function analyticsSources(
  analytics: { measurementId: string; strategy: ScriptStrategy } | undefined,
): SiteCspSources {
  if (!analytics) return {};
  return {
    scriptSrc: ['https://www.googletagmanager.com'],
    connectSrc: [
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
    imgSrc: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
    // worker-idle: the tag runs in a Worker made from a Blob (importScripts obeys script-src)
    ...(analytics.strategy === 'worker-idle' ? { workerSrc: ['blob:'] } : {}),
  };
}
