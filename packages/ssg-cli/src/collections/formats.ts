// A collection file's bytes to its data (and a Markdown body): JSON, YAML, or Markdown with YAML frontmatter.
import { parseDocument } from 'yaml';
import type { ContentIssue } from '../errors.ts';
import { contentText, parseContentJson } from '../site/content-json.ts';

export type Parsed =
  | { ok: true; data: unknown; body?: string; bodyLine?: number }
  | { ok: false; issues: ContentIssue[] };

export type Format = 'json' | 'yaml' | 'markdown';

/** The format a file's extension names, or none. */
export function formatOf(file: string): Format | undefined {
  if (/\.json$/i.test(file)) return 'json';
  if (/\.ya?ml$/i.test(file)) return 'yaml';
  if (/\.(md|markdown)$/i.test(file)) return 'markdown';
  return undefined;
}

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** YAML text to data; each syntax error as an issue naming the file and the line (after `firstLine - 1` lines). */
function parseYaml(file: string, text: string, firstLine: number, part: string): Parsed {
  // maxAliasCount: a few aliases are fine, a "billion laughs" file is refused
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0)
    return {
      ok: false,
      issues: doc.errors.map((error) => ({
        file,
        path: '',
        message: `${file} is not valid YAML${part} at line ${lineAt(text, error.pos[0]) + firstLine - 1}: ${error.message.replace(/\.?$/, '.')} Fix the syntax there (indentation, colons, quotes and brackets).`,
      })),
    };
  try {
    return { ok: true, data: doc.toJS({ maxAliasCount: 100 }) ?? {} };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, issues: [{ file, path: '', message: `${file}: ${reason}` }] };
  }
}

/** `---` on a line of its own opens and closes the frontmatter; CRLF files too. */
const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)(?:^|\r?\n)---[ \t]*(?:\r?\n|$)/;

/** A Markdown file: its frontmatter's data (`{}` without one) and its body, with the line the body starts on. */
function parseMarkdown(file: string, text: string): Parsed {
  const match = FRONTMATTER.exec(text);
  if (!match) {
    if (/^---[ \t]*\r?\n/.test(text))
      return {
        ok: false,
        issues: [
          {
            file,
            path: '',
            message: `${file} opens its frontmatter with --- on line 1 but never closes it: add a line --- after the last field.`,
          },
        ],
      };
    return { ok: true, data: {}, body: text, bodyLine: 1 };
  }
  const yaml = parseYaml(file, match[1] ?? '', 2, ' in its frontmatter');
  if (!yaml.ok) return yaml;
  const body = text.slice(match[0].length);
  return { ok: true, data: yaml.data, body, bodyLine: lineAt(text, match[0].length) };
}

/** Never throws: a problem of the file is returned as issues naming it and the place. */
export function parseFile(file: string, format: Format, bytes: Uint8Array): Parsed {
  if (format === 'json') {
    const json = parseContentJson(file, bytes);
    return json.ok ? { ok: true, data: json.json } : { ok: false, issues: [json.issue] };
  }
  const decoded = contentText(file, bytes);
  if (!decoded.ok) return { ok: false, issues: [decoded.issue] };
  return format === 'yaml'
    ? parseYaml(file, decoded.text, 1, '')
    : parseMarkdown(file, decoded.text);
}
