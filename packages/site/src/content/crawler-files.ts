/** sitemap.xml and robots.txt: every value escaped for the format it is written into. */

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text inside an XML element. */
export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** A value on one line of a text file: spaces and control characters (a line break above all) percent-encoded. */
export const textLineValue = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is encoded
  text.replace(/[\u0000-\u0020\u007f\u2028\u2029]/g, (c) => encodeURIComponent(c));

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${escapeXml(siteUrl + p)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

export const robotsTxt = (siteUrl: string): string =>
  `User-agent: *\nAllow: /\n\nSitemap: ${textLineValue(`${siteUrl}/sitemap.xml`)}\n`;
