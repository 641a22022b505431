/** A file checked against its schema: the data, or each zod issue as a whole sentence with the fix. */
import type { ContentIssue } from '@ssg/cli/site';
import type { z } from 'zod';
import { formatPath, valueAt } from './json-path.ts';

function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** Turns one zod issue into a whole sentence with the expected value and the fix. */
function toIssue(file: string, json: unknown, issue: z.core.$ZodIssue): ContentIssue {
  const segments = issue.path;
  const where = formatPath(segments);
  const value = valueAt(json, segments);
  const field = where === '' ? 'The file' : `"${where}"`;
  let message: string;
  switch (issue.code) {
    case 'invalid_type':
      message =
        value === undefined
          ? `${field} is missing: add it as ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}.`
          : issue.message.startsWith('Expected ')
            ? `${field}: ${issue.message} It is ${describeType(value)} now.`
            : `${field} must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}, but it is ${describeType(value)}; change its value.`;
      break;
    case 'unrecognized_keys':
      return {
        file,
        path: formatPath([...segments, issue.keys[0] ?? '']),
        value: valueAt(json, [...segments, issue.keys[0] ?? '']),
        message: `Unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}${where ? ` in "${where}"` : ''}: remove ${issue.keys.length > 1 ? 'them' : 'it'} or check the spelling against content/README.md.`,
      };
    default:
      message = `${field}: ${issue.message.replace(/\.?$/, '.')}`;
  }
  return { file, path: where, value, message };
}

/** The data of `json` as `schema` reads it, or undefined with its issues added to `issues`. */
export function check<S extends z.ZodType>(
  file: string,
  schema: S,
  json: unknown,
  issues: ContentIssue[],
): z.infer<S> | undefined {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  for (const issue of result.error.issues) issues.push(toIssue(file, json, issue));
  return undefined;
}
