// The server render's side of static parts: the parts' HTML a page or slice hands to its data file.
import { extractStaticHtml, STATIC_TAG } from './static-key.ts';

const sliceKeys = new WeakMap<ReadonlyMap<string, string>, Set<string>>();

/** Keys of the parts inside slices: they travel in the slice's data, not in every page's. */
function keysOfSlices(sliceHtml: ReadonlyMap<string, string>): Set<string> {
  let keys = sliceKeys.get(sliceHtml);
  if (!keys) {
    keys = new Set(Object.keys(extractStaticHtml([...sliceHtml.values()].join(''))));
    sliceKeys.set(sliceHtml, keys);
  }
  return keys;
}

/** `{ staticHtml }` of a rendered page or slice, or `{}` when it has no static part. */
export function staticHtmlOf(
  html: string,
  sliceHtml: ReadonlyMap<string, string> = new Map(),
): { staticHtml?: Record<string, string> } {
  // most pages of most sites have none: no regular expression runs over them
  if (!html.includes(`<${STATIC_TAG} `)) return {};
  const found = extractStaticHtml(html, keysOfSlices(sliceHtml));
  return Object.keys(found).length > 0 ? { staticHtml: found } : {};
}
