// Real: build() of the mini site with a page, or a static query, whose data is too large. Faked: nothing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SsgError } from '../src/index.ts';
import { buildMini, contentCopy, miniSiteCopy, snapshot, tempDir } from './helpers.ts';

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

  it('says nothing about size for ordinary pages', async () => {
    // the mini site's 404 page links to a missing page on purpose: that warning is the link check's
    const { warnings } = await buildMini();
    expect(warnings.filter((w) => !w.startsWith('Broken link:'))).toEqual([]);
  });
});

describe('static-query size guard', () => {
  it('stops the build when a static query returns 20 MB, naming the query, its size and the limit; the last output stays', async () => {
    // the mini site's query, selecting a field of the content too: a notice nobody trimmed
    const root = miniSiteCopy();
    writeFileSync(
      path.join(root, 'src/queries.ts'),
      readFileSync(path.join(root, 'src/queries.ts'), 'utf8').replace(
        'tagline: c.tagline,',
        'tagline: c.tagline,\n  notice: (c as { notice?: string }).notice,',
      ),
    );
    const outDir = path.join(tempDir(), 'out');
    const contentDir = contentCopy();
    await buildMini({ root, contentDir, outDir });
    const before = snapshot(outDir);
    const file = path.join(contentDir, 'site.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.notice = 'a'.repeat(20 * 1024 * 1024);
    writeFileSync(file, JSON.stringify(json));

    const error = await buildMini({ root, contentDir, outDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SsgError);
    expect((error as SsgError).code).toBe('QUERY_DATA_TOO_LARGE');
    expect((error as SsgError).message).toMatch(
      /^The static query "site-name" \(\/page-data\/sq\/d\/\d+\.json\) is 20480 KB; its largest fields are data\.notice \(20480 KB\), .+ The limit is 500 KB/,
    );
    expect((error as SsgError).hint).toMatch(/only the fields the components show/);
    expect(snapshot(outDir)).toEqual(before);
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(true);
  });
});
