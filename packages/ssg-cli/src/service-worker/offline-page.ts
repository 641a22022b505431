// The offline page the service worker shows when a page was never saved.

import { browserCode } from '../shared/browser-code.ts';
import { type CspSettings, cspMeta, inlineSources } from '../shared/csp.ts';
import { escapeAttribute, escapeHtml } from '../shared/html.ts';
import type { SiteDefinition } from '../site/index.ts';

/** The offline message when a site gives none (`SiteDefinition.offline`). */
export const DEFAULT_OFFLINE = {
  title: 'You are offline',
  message:
    'This page has not been saved on this device. Check your connection and try again; the pages you have already opened still work.',
};

/**
 * The page the service worker shows for a navigation it cannot answer without the network: a
 * whole document in the site's language, no script, so it never depends on anything else.
 */
export function offlinePageHtml(input: { lang: string; title: string; message: string }): string {
  const title = escapeHtml(input.title);
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeAttribute(input.lang)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${title}</title>`,
    `<style>${browserCode('offlineCss')}</style>`,
    `</head><body><main data-ssg-offline><h1>${title}</h1><p>${escapeHtml(input.message)}</p></main></body></html>`,
    '',
  ].join('\n');
}

/** The site's offline page, with its policy's `<meta>` fallback when the build has a policy. */
export function offlinePageOf(
  site: Pick<SiteDefinition<unknown>, 'offline' | 'lang'>,
  csp: CspSettings | undefined,
): string {
  // the default text is English: then the page says so, whatever the site's language
  const { offline, lang } = site;
  const html = offlinePageHtml(
    offline ? { lang: lang ?? 'en', ...offline } : { lang: 'en', ...DEFAULT_OFFLINE },
  );
  const meta = csp ? cspMeta(inlineSources(html), csp) : '';
  return html.replace('<meta charset="utf-8">', `<meta charset="utf-8">${meta}`);
}
