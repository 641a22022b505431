// Real: htmlUrls and the _headers file made from it; faked: the pages (paths only, no build).
import { describe, expect, it } from 'vitest';
import { htmlUrls } from './emit-host.ts';
import { headersFile, MAX_HEADER_RULES } from './headers-file.ts';
import { CACHE_RULES } from './rules.ts';

const pagesOf = (paths: string[]) => paths.map((path) => ({ route: { path } }));

describe("the host config's HTML URLs", () => {
  it('yields each URL once as it goes, never a list of them all (200,000 at 100,000 pages)', () => {
    const pages = pagesOf(['/', '/a/', '/a/index.html', '/404.html', '/b']);
    const urls = htmlUrls({ pages, trailingSlash: 'ignore', offlineHtml: '<p>offline</p>' });
    expect(Array.isArray(urls)).toBe(false);
    const first = urls.next();
    expect(first.done).toBe(false);
    const all: string[] = [String(first.value), ...urls];
    // `/a/index.html` is a page and the file of `/a/`: one URL, one rule
    expect(all.sort()).toEqual([
      '/',
      '/404.html',
      '/_ssg-offline.html',
      '/a',
      '/a/',
      '/a/index.html',
      '/b',
      '/b/',
      '/b/index.html',
      '/index.html',
    ]);
  });

  it('gives a big site no rule per page and counts its URLs exactly in the note', () => {
    const paths = Array.from({ length: 3000 }, (_, i) => `/p/${i}/`);
    const pages = pagesOf(['/', '/index.html', '/404.html', ...paths]);
    const file = headersFile({ pageUrls: htmlUrls({ pages, trailingSlash: 'always' }) });
    // '/', '/index.html', '/404.html' and each page's two URLs
    expect(file).toContain(
      `# ${3 + 2 * 3000} HTML URLs would pass the ${MAX_HEADER_RULES}-rule limit of Cloudflare Pages`,
    );
    expect(file).not.toContain('/p/1/\n');
  });

  it('gives a small site a rule per URL in code-point order', () => {
    const pages = pagesOf(['/b/', '/', '/a/']);
    const file = headersFile({ pageUrls: htmlUrls({ pages, trailingSlash: 'always' }) });
    // a page's rule sets its Cache-Control alone (the host's other rules set more, or are patterns)
    const rules = file
      .trimEnd()
      .split(/\n(?=\/)/)
      .filter((r) => /^[^\n*]+\n {2}Cache-Control: [^\n]+$/.test(r));
    const heads = rules.map((r) => r.split('\n')[0]);
    expect(heads.filter((h) => !CACHE_RULES.some((c) => c.pattern === h))).toEqual([
      '/',
      '/a/',
      '/a/index.html',
      '/b/',
      '/b/index.html',
      '/index.html',
    ]);
  });
});
