/**
 * A content file's bytes to JSON, with every way a hand-edited file goes wrong named in a
 * sentence: bytes that are not UTF-8 (with the byte offset), nesting deeper than any content
 * needs (with line and column) and syntax errors (with line and column). A UTF-8 byte order mark,
 * which some Windows editors write, is accepted.
 */
import type { ContentIssue } from '../errors.ts';

/** Deeper than this, nesting is a mistake or an attack: recursive code further on would overflow the stack. */
export const MAX_CONTENT_DEPTH = 64;

export type ContentJson = { ok: true; json: unknown } | { ok: false; issue: ContentIssue };

// fatal: a bad byte throws instead of becoming U+FFFD; the default drops a leading BOM
const strict = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/**
 * Parses the bytes of content file `file` (its name relative to the content folder, used in the
 * messages). Never throws: a problem is returned as an issue naming the file, the place and the fix.
 */
export function parseContentJson(file: string, bytes: Uint8Array): ContentJson {
  const text = contentText(file, bytes);
  if (!text.ok) return text;
  const source = text.text;
  const deep = tooDeepAt(source);
  if (deep !== undefined) {
    const { line, column } = lineColumn(source, deep);
    return problem(
      file,
      `${file} nests lists or objects more than ${MAX_CONTENT_DEPTH} levels deep at line ${line}, column ${column}; no content needs that: remove the extra brackets there.`,
    );
  }
  try {
    return { ok: true, json: JSON.parse(source) };
  } catch (error) {
    return problem(file, syntaxError(file, source, (error as Error).message));
  }
}

/**
 * The bytes of content file `file` as text, or an issue naming the first byte that is not UTF-8
 * (offset, line and column); a leading byte order mark is dropped. For any text format (YAML, Markdown).
 */
export function contentText(
  file: string,
  bytes: Uint8Array,
): { ok: true; text: string } | { ok: false; issue: ContentIssue } {
  try {
    return { ok: true, text: strict.decode(bytes) };
  } catch {
    return {
      ok: false,
      issue: { file, path: '', value: undefined, message: notUtf8(file, bytes) },
    };
  }
}

const problem = (file: string, message: string): ContentJson => ({
  ok: false,
  issue: { file, path: '', value: undefined, message },
});

/** Line and column (1-based) of a character offset. */
function lineColumn(source: string, offset: number): { line: number; column: number } {
  const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
  let line = 1;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1))
    line++;
  return { line, column: offset - lineStart + 1 };
}

/**
 * Where the first ill-formed byte is. Only on this failure path: the lenient decoder replaces each
 * bad sequence with U+FFFD, and the text before a U+FFFD that the file did not hold itself is
 * well-formed, so its UTF-8 length is the byte offset.
 */
function notUtf8(file: string, bytes: Uint8Array): string {
  const text = lenient.decode(bytes);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let at = text.indexOf('\uFFFD');
  let offset = bom + encoder.encode(text.slice(0, at)).length;
  // a U+FFFD written in the file (EF BF BD) is text, not the error: look further
  while (bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd) {
    const next = text.indexOf('\uFFFD', at + 1);
    if (next === -1) break; // not reached: the strict decoder found a bad sequence
    offset += 3 + encoder.encode(text.slice(at + 1, next)).length;
    at = next;
  }
  const { line, column } = lineColumn(text, at);
  const found = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
  return `${file} is not valid UTF-8: the byte at offset ${offset} (line ${line}, column ${column}) is 0x${found}. Save the file as UTF-8 in your editor (it was likely saved as Latin-1 or Windows-1252), then check the accented letters there.`;
}

/** The offset of the first bracket that opens level MAX_CONTENT_DEPTH + 1, if any (strings skipped). */
function tooDeepAt(source: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_CONTENT_DEPTH) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/** JSON.parse's message as a sentence with the line and column it names (as a position or as both). */
function syntaxError(file: string, source: string, reason: string): string {
  const at = /position (\d+)/.exec(reason);
  const where = at ? lineColumn(source, Number(at[1])) : /line (\d+) column (\d+)/.exec(reason);
  const place = where
    ? Array.isArray(where)
      ? ` at line ${where[1]}, column ${where[2]}`
      : ` at line ${where.line}, column ${where.column}`
    : '';
  const clean = reason
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/ in JSON at position \d+.*$/, '');
  return `${file} is not valid JSON${place}: ${clean}. Fix the syntax there (quotes, commas and brackets).`;
}
