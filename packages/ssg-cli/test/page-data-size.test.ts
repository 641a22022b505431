// Real: build() of the mini site with a page whose data is too large. Faked: nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SsgError } from '../src/index.ts';
import { buildMini, contentCopy } from './helpers.ts';

function contentWithBody(bytes: number): string {
  const dir = contentCopy();
  const file = path.join(dir, 'site.json');
  const json = JSON.parse(readFileSync(file, 'utf8'));
  json.pages[0].body = 'a'.repeat(bytes);
  writeFileSync(file, JSON.stringify(json));
  return dir;
}

describe('page-data size guard', () => {
  it('warns above 128 KB, naming the page and its largest fields', async () => {
    const result = await buildMini({ contentDir: contentWithBody(200 * 1024) });
    expect(result.warnings).toContainEqual(
      expect.stringMatching(
        /^The page-data of \/sobre\/ is 200 KB; its largest fields are result\.data\.body \(200 KB\)/,
      ),
    );
  });

  it('stops the build above 500 KB with the same facts', async () => {
    const error = await buildMini({ contentDir: contentWithBody(600 * 1024) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SsgError);
    expect((error as SsgError).code).toBe('PAGE_DATA_TOO_LARGE');
    expect((error as SsgError).message).toContain(
      'The page-data of /sobre/ is 600 KB; its largest fields are result.data.body (600 KB)',
    );
  });

  it('says nothing for ordinary pages', async () => {
    expect((await buildMini()).warnings).toEqual([]);
  });
});
