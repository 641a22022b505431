/** JSON paths as content issues name them (`units[2].whats`), and the value found at one. */

/** `['units', 2, 'whats']` → `units[2].whats` */
export function formatPath(segments: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out === '' ? String(s) : `.${String(s)}`;
  }
  return out;
}

export function valueAt(root: unknown, segments: ReadonlyArray<PropertyKey>): unknown {
  let v: unknown = root;
  for (const s of segments) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[s as string];
  }
  return v;
}
