// Static parts (`*.static.tsx`): the key of one rendered part, and its HTML found in a page's.

/** The element around a static part's HTML; its own tag, so no element of the site nests in it. */
export const STATIC_TAG = 'ssg-static';

/** Throws when a prop is not plain data; the server render passes one (the browser needs none). */
export type PropCheck = (value: unknown) => void;

/** Plain data as JSON with sorted keys: the same props give the same text on server and client. */
function stableJson(value: unknown, check?: PropCheck): string {
  check?.(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => stableJson(v, check)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const entries = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(record[k], check)}`);
  return `{${entries.join(',')}}`;
}

/** FNV-1a, 32 bits, base 36: short, and the same in Node and every browser. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The key of one rendered static part: its component's id and a digest of its props, so two
 * parts of a page differ when their props do (and equal props give equal HTML anyway).
 */
export function staticKey(id: string, props: object, check?: PropCheck): string {
  return `${id}:${fnv1a(stableJson(props, check))}`;
}

/** The component id in a key (`src/a.static.tsx#About:1x2y` → `src/a.static.tsx#About`). */
export const idOfKey = (key: string): string => key.slice(0, key.lastIndexOf(':'));

/**
 * The HTML of every static part in a rendered page, by key, exactly as the page has it (the
 * browser puts it back on a client navigation). Keys in `skip` (a slice's own parts) are left out.
 */
export function extractStaticHtml(
  html: string,
  skip: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const found: Record<string, string> = {};
  const part = new RegExp(
    `<${STATIC_TAG} data-key="([^"]+)"[^>]*>([\\s\\S]*?)</${STATIC_TAG}>`,
    'g',
  );
  for (const [, key, inner] of html.matchAll(part)) {
    // attribute values are escaped by React: `&amp;` may stand in a key made of a path
    const plain = (key as string).replaceAll('&amp;', '&').replaceAll('&quot;', '"');
    if (!skip.has(plain)) found[plain] = inner as string;
  }
  return found;
}
