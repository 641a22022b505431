// The site-internal hrefs of a rendered page's `<a>` elements (`<Link>` renders one too), for the
// build's broken-link check; kept with the page in the cache so a reused page is not read again.

/**
 * A regular expression, not an HTML parser: the body is React's own serialization (attributes in
 * double quotes, `"` `&` `<` `>` escaped, text never holding a raw `<`), so every `<a ` starts an
 * element. At 10,000 bench pages (50,000 links) the scan took 40-90 ms in all (2 cores, load 6-8).
 */
const ANCHOR_HREF = /<a\s[^>]*?\bhref="([^"]*)"/g;

/** Other schemes (`https:`, `mailto:`, `tel:`, `javascript:`) and `//host` leave the site. */
const OUTSIDE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

const unescapeAttribute = (value: string): string =>
  value.includes('&')
    ? value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e)
    : value;

/**
 * Each distinct href of the page that names another place of the site, as written (relative ones
 * included); the page's own fragments (`#top`) and queries (`?q=1`) are left out.
 */
export function pageLinks(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(ANCHOR_HREF)) {
    const href = unescapeAttribute((match[1] ?? '').trim());
    if (href === '' || href.startsWith('#') || href.startsWith('?') || OUTSIDE.test(href)) continue;
    links.add(href);
  }
  return [...links];
}
