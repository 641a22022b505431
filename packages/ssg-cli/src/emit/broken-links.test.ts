// Real: the broken-link check over page and file lists as emit gives them; nothing faked.
import { describe, expect, it } from 'vitest';
import { brokenLinkWarnings } from './broken-links.ts';

const FILES = [
  '/index.html',
  '/sobre/index.html',
  '/404.html',
  '/fotos/recepção.jpg',
  '/guia.html',
  '/sitemap.xml',
  '/_ssg/app.1234.js',
];

const check = (links: Record<string, string[]>) =>
  brokenLinkWarnings({
    pages: Object.entries(links).map(([path, hrefs]) => ({ path, links: hrefs })),
    files: FILES,
    matchPaths: [{ path: '/conta/', matchPath: '/conta/*' }],
  });

describe('brokenLinkWarnings', () => {
  it('finds nothing wrong with links to pages, files, client-only routes, in any slash form or encoding', () => {
    const ok = [
      '/sobre/',
      '/sobre',
      '/sobre/#equipe',
      '/sobre/index.html',
      '/fotos/recep%C3%A7%C3%A3o.jpg',
      '/fotos/recepção.jpg',
      '/guia', // guia.html, as the hosts' try_files $uri.html
      '/sitemap.xml',
      '/conta/pedidos/42',
      '/_ssg/app.1234.js',
      './sobre/../sobre/',
    ];
    expect(check({ '/': ok, '/404.html': ['sobre/', '/'] })).toEqual([]);
  });

  it('resolves relative links against their page and names the path they lead to', () => {
    expect(check({ '/sobre/': ['equipe/', '../sobre/', '/sobre/equipe/'] })).toEqual([
      'Broken link: page /sobre/ links to "equipe/" (/sobre/equipe/), which is no page, client-only route or file of the output; correct the href or add what it names.',
    ]);
  });

  it('names three pages of a link and counts the others', () => {
    const pages = Object.fromEntries(
      ['/', '/a/', '/b/', '/c/', '/d/'].map((p) => [p, ['/perdido/']]),
    );
    expect(check(pages)).toEqual([
      'Broken link: pages /, /a/, /b/ and 2 more link to "/perdido/", which is no page, client-only route or file of the output; correct the href or add what it names.',
    ]);
  });

  it('lists 20 broken links in path order and counts the rest in one more warning', () => {
    const hrefs = Array.from({ length: 23 }, (_, i) => `/x-${String(i).padStart(2, '0')}/`);
    const warnings = check({ '/': [...hrefs].reverse() });
    expect(warnings).toHaveLength(21);
    expect(warnings[0]).toContain('"/x-00/"');
    expect(warnings[19]).toContain('"/x-19/"');
    expect(warnings[20]).toBe(
      'Broken links: 3 more not listed (23 in all); correct the ones above and build again to list the rest.',
    );
  });
});
