// Real: parseContentJson over bytes as an editor would save them; nothing faked (no files: the function takes bytes).
import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_DEPTH, parseContentJson } from './content-json.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...utf8(p)] : p)));
const messageOf = (result: ReturnType<typeof parseContentJson>) =>
  result.ok ? 'parsed' : result.issue.message;

describe('parseContentJson', () => {
  it('accepts a UTF-8 byte order mark at the start, as Windows editors write it', () => {
    expect(parseContentJson('site.json', bytes([0xef, 0xbb, 0xbf], '{"a": "ação"}'))).toEqual({
      ok: true,
      json: { a: 'ação' },
    });
  });

  it('names the byte offset, line and column of the first byte that is not UTF-8', () => {
    // "São" saved as Latin-1: ã is the single byte 0xE3
    const file = bytes('{\n  "cidade": "S', [0xe3], 'o Paulo"\n}');
    expect(parseContentJson('company.json', file)).toEqual({
      ok: false,
      issue: {
        file: 'company.json',
        path: '',
        value: undefined,
        message:
          'company.json is not valid UTF-8: the byte at offset 16 (line 2, column 15) is 0xE3. Save the file as UTF-8 in your editor (it was likely saved as Latin-1 or Windows-1252), then check the accented letters there.',
      },
    });
  });

  it('counts the byte offset past a BOM, multi-byte letters and a real U+FFFD before the bad byte', () => {
    const file = bytes([0xef, 0xbb, 0xbf], '{"a": "é\uFFFD😀', [0xc3, 0x28], '"}');
    // BOM 3 + `{"a": "` 7 + é 2 + U+FFFD 3 + 😀 4 = 19
    expect(messageOf(parseContentJson('x.json', file))).toMatch(
      /^x\.json is not valid UTF-8: the byte at offset 19 \(line 1, column 12\) is 0xC3\./,
    );
  });

  it('names a sequence cut short at the end of the file', () => {
    expect(messageOf(parseContentJson('x.json', bytes('"ab', [0xe2, 0x82])))).toMatch(
      /^x\.json is not valid UTF-8: the byte at offset 3 \(line 1, column 4\) is 0xE2\./,
    );
  });

  it(`accepts ${MAX_CONTENT_DEPTH} levels of nesting and refuses one more, with its line and column`, () => {
    const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(parseContentJson('x.json', utf8(nested(MAX_CONTENT_DEPTH))).ok).toBe(true);
    expect(messageOf(parseContentJson('x.json', utf8(`{\n "a": ${nested(65)}}`)))).toBe(
      'x.json nests lists or objects more than 64 levels deep at line 2, column 70; no content needs that: remove the extra brackets there.',
    );
  });

  it('refuses 100,000 levels without overflowing the stack', () => {
    const deep = utf8(`{"a": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(messageOf(parseContentJson('texts.json', deep))).toMatch(
      /^texts\.json nests lists or objects more than 64 levels deep at line 1, column 70;/,
    );
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = `{"a": "${'['.repeat(100)}\\"${'{'.repeat(100)}"}`;
    expect(parseContentJson('x.json', utf8(text))).toEqual({
      ok: true,
      json: { a: `${'['.repeat(100)}"${'{'.repeat(100)}` },
    });
  });

  it('names a syntax error with its line and column', () => {
    expect(messageOf(parseContentJson('x.json', utf8('{\n  "a": 1\n  "b": 2\n}')))).toMatch(
      /^x\.json is not valid JSON at line 3, column 3: .+\. Fix the syntax there \(quotes, commas and brackets\)\.$/,
    );
  });
});
