import type { SiteCspSources } from '@ssg/cli/site';
import { GOOGLE_TAG_ORIGIN } from '../lib/links.ts';
import type { ScriptStrategy } from './schema.ts';

/**
 * Where Google's tag sends its hits: allowed only when analytics is configured. Where the tag is
 * loaded from (and `worker-src blob:` for worker-idle) the build adds itself, from the `<Script>`.
 */
export function analyticsSources(
  analytics: { measurementId: string; strategy: ScriptStrategy } | undefined,
): SiteCspSources {
  if (!analytics) return {};
  return {
    connectSrc: [
      GOOGLE_TAG_ORIGIN,
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
    imgSrc: [GOOGLE_TAG_ORIGIN, 'https://*.google-analytics.com'],
  };
}
