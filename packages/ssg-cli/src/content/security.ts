// The security headers of a build: the Content-Security-Policy's settings and HSTS.

import type { SiteSetup } from '../config/resolve-config.ts';
import { SsgError } from '../errors.ts';
import { imageCspSources } from '../image/build-hooks.ts';
import type { ImagePipeline } from '../image/pipeline.ts';
import {
  CSP_SOURCE_LISTS,
  type CspSettings,
  type CspSources,
  cspSourceProblem,
} from '../shared/csp.ts';
import { urlProblem } from '../site/url-problem.ts';
import type { LoadedSite } from '../types.ts';

const TWO_YEARS = 63_072_000;

/** The HSTS header value, or `undefined` for none (the site is not on https, or the config says no). */
function hstsOf(option: SiteSetup['hstsConfig'], https: boolean): string | undefined {
  if (option === false || (option === undefined && !https)) return undefined;
  const { maxAge = TWO_YEARS, includeSubDomains = false } =
    typeof option === 'object' ? option : {};
  return `max-age=${maxAge}${includeSubDomains ? '; includeSubDomains' : ''}`;
}

export interface Security {
  /** The Content-Security-Policy's settings. */
  csp: CspSettings;
  /** The Strict-Transport-Security value, or none. */
  hsts?: string;
  /** The origin of the site's address (`url()`), when it has one: its scripts add no source. */
  siteOrigin?: string;
}

/**
 * Stage "content", after the content loaded: the policy's settings (config + what the site's
 * content needs) and HSTS, from the site's address.
 */
export function resolveSecurity(
  ctx: Pick<SiteSetup, 'files' | 'cspConfig' | 'hstsConfig'> & { loaded: LoadedSite },
  content: unknown,
  images?: ImagePipeline,
): Security {
  const site = ctx.loaded.site;
  const url = site.url?.(content);
  const where = `${ctx.files.site} (url())`;
  if (url !== undefined) {
    const problem = urlProblem(url, { query: false });
    if (problem)
      throw new SsgError(
        'CONTENT_INVALID',
        `The site address ${JSON.stringify(url)} is not usable: ${problem}`,
        {
          hint: `Correct the address the site's url() returns (${where}).`,
          file: ctx.files.site,
        },
      );
  }
  const fromContent = site.csp?.(content) ?? {};
  const sources: CspSources = {};
  for (const key of CSP_SOURCE_LISTS) {
    const all = [...(ctx.cspConfig[key] ?? []), ...(fromContent[key] ?? [])];
    for (const value of fromContent[key] ?? []) {
      const problem = cspSourceProblem(value);
      if (problem)
        throw new SsgError(
          'CONTENT_INVALID',
          `The CSP source ${JSON.stringify(value)} of ${key} from the site's csp() is not usable: ${problem}`,
          {
            hint: `Correct the sources the site's csp() returns (${ctx.files.site}).`,
            file: ctx.files.site,
          },
        );
    }
    sources[key] = [...new Set(all)];
  }
  sources.imgSrc = imageCspSources(images, sources.imgSrc); // inline placeholders
  const https = url?.startsWith('https://') ?? false;
  const csp: CspSettings = {
    ...sources,
    reportOnly: ctx.cspConfig.reportOnly ?? false,
    upgradeInsecure: https,
  };
  const siteOrigin = url === undefined ? {} : { siteOrigin: new URL(url).origin };
  return { csp, hsts: hstsOf(ctx.hstsConfig, https), ...siteOrigin };
}
