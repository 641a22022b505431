// A Standard Schema's issues as content issues: the file, the field path, the value and the fix.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ContentIssue } from '../errors.ts';

type Segment = PropertyKey | StandardSchemaV1.PathSegment;
const keyOf = (segment: Segment): PropertyKey =>
  typeof segment === 'object' ? segment.key : segment;

/** `pages[2].title`, `title`, `["a b"]`: as the content's own paths are written. */
export function formatPath(path: readonly Segment[]): string {
  let out = '';
  for (const segment of path) {
    const key = keyOf(segment);
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key))
      out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** The value at `path` in the data as read, or undefined where it is missing. */
function valueAt(data: unknown, path: readonly Segment[]): unknown {
  let value = data;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[keyOf(segment)];
  }
  return value;
}

/**
 * One issue of the schema: the schema's own message and the fix. `place` says where the data is written
 * (`content/site.json`, `the frontmatter of content/posts/a.md`), for the fix.
 */
export function toContentIssue(
  file: string,
  place: string,
  data: unknown,
  issue: StandardSchemaV1.Issue,
): ContentIssue {
  const segments = issue.path ?? [];
  const path = formatPath(segments);
  const value = valueAt(data, segments);
  const said = issue.message.trim().replace(/\.?$/, '.');
  // the file, the path and the value are printed before the message: it says what and how
  let message: string;
  if (path === '') message = `${said} Correct ${place}.`;
  else if (value === undefined) message = `Missing: ${said} Add it to ${place}.`;
  else message = `${said} Change it in ${place}.`;
  return { file, path, value, message };
}
