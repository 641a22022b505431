// Real: build() of the mini site, which reads its content through parseContentJson, on content files saved as editors save them. Faked: nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SsgError } from '../src/index.ts';
import { buildMini, contentCopy, tempDir } from './helpers.ts';

/** A copy of the mini content with site.json's bytes made by `bytes` from the original. */
function siteJsonAs(bytes: (original: Buffer) => Uint8Array): string {
  const dir = contentCopy();
  const file = path.join(dir, 'site.json');
  writeFileSync(file, bytes(readFileSync(file)));
  return dir;
}

const failure = (contentDir: string) =>
  buildMini({ contentDir }).then(
    () => {
      throw new Error('expected the build to fail');
    },
    (error: unknown) => error as SsgError,
  );

describe('content JSON as editors save it', () => {
  it('builds from a site.json that starts with a UTF-8 byte order mark', async () => {
    const contentDir = siteJsonAs((b) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), b]));
    const outDir = path.join(tempDir(), 'out');
    await buildMini({ contentDir, outDir });
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).toContain('Mini &lt;Clínica&gt;');
  });

  it('refuses bytes that are not UTF-8 with CONTENT_INVALID naming the file and the byte offset', async () => {
    // "Clínica" saved as Latin-1: í is the one byte ED
    let offset = -1;
    const error = await failure(
      siteJsonAs((b) => {
        offset = b.indexOf('Clínica') + 2;
        return Buffer.concat([b.subarray(0, offset), Buffer.from([0xed]), b.subarray(offset + 2)]);
      }),
    );
    expect(error).toBeInstanceOf(SsgError);
    expect(error.code).toBe('CONTENT_INVALID');
    expect(error.issues).toEqual([
      expect.objectContaining({
        file: 'site.json',
        message: expect.stringMatching(
          new RegExp(
            `^site\\.json is not valid UTF-8: the byte at offset ${offset} \\(line 2, column \\d+\\) is 0xED\\. Save the file as UTF-8`,
          ),
        ),
      }),
    ]);
  });

  it('refuses 100,000-deep JSON with CONTENT_INVALID naming the file, not a RangeError', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const error = await failure(
      siteJsonAs((b) => Buffer.from(b.toString('utf8').replace(/^\{/, `{"extra": ${deep},`))),
    );
    expect(error).toBeInstanceOf(SsgError);
    expect(error.code).toBe('CONTENT_INVALID');
    expect(error.issues).toEqual([
      expect.objectContaining({
        file: 'site.json',
        message:
          'site.json nests lists or objects more than 64 levels deep at line 1, column 74; no content needs that: remove the extra brackets there.',
      }),
    ]);
  });
});
