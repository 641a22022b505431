/** Text that cannot be written as UTF-8: refused with its place, before it breaks a link or a page. */
import type { ContentIssue } from '@ssg/cli/site';
import { formatPath } from './json-path.ts';

/** Each string of `json` holding a lone UTF-16 surrogate (half of an emoji, from a bad paste). */
export function brokenCharacters(file: string, json: unknown): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const visit = (value: unknown, at: Array<string | number>) => {
    if (typeof value === 'string') {
      if (/\p{Cs}/u.test(value))
        issues.push({
          file,
          path: formatPath(at),
          value,
          message: `"${formatPath(at)}" holds a broken character (half of an emoji or symbol, often from copying and pasting); type that part of the text again.`,
        });
    } else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) visit(v, [...at, i]);
    } else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) visit(v, [...at, k]);
  };
  visit(json, []);
  return issues;
}
