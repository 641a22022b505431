// Real: sitePolicies over pages given here. Faked: each page's inline sources (hash strings made up).
import { describe, expect, it } from 'vitest';
import type { CspSettings, InlineSources } from '../shared/csp.ts';
import { sitePolicies } from './site-policies.ts';

const csp: CspSettings = { reportOnly: true, upgradeInsecure: false };
const sources = (script: string): InlineSources => ({
  scripts: [`'sha256-${script}'`],
  styles: ["'sha256-css'"],
  styleAttributes: [],
});
const page = (path: string, inline: InlineSources) => ({ route: { path }, inline });
// every page's sources through one function, as emit passes them: no closure per page
const inlineOf = (p: { inline: InlineSources }) => p.inline;

describe('the policies of a build', () => {
  it('report-only: gives most pages the fallback and lists the others by each URL they answer at', () => {
    const shared = sources('boot');
    const pages = [
      ...Array.from({ length: 5 }, (_, i) => page(`/p/${i}/`, shared)),
      page('/b/', sources('map')), // an object of its own with the same sources as /a/
      page('/a/', sources('map')),
    ];
    const policies = sitePolicies({
      csp,
      trailingSlash: 'ignore',
      pages,
      inlineOf,
      offlineHtml: '<style>x</style>',
    })?.reportOnly;
    expect(policies?.fallback).toContain("'sha256-boot'");
    expect(policies?.fallback).not.toContain("'sha256-map'");
    expect(Object.keys(policies?.byUrl ?? {})).toEqual([
      '/_ssg-offline.html',
      '/a',
      '/a/',
      '/a/index.html',
      '/b',
      '/b/',
      '/b/index.html',
    ]);
    expect(policies?.byUrl['/a/']).toContain("'sha256-map'");
    expect(policies?.byUrl['/a/']).not.toContain("'sha256-boot'");
    // one policy that allows every page's inline code, for a host that sets only one
    for (const hash of ["'sha256-boot'", "'sha256-map'", "'sha256-css'"])
      expect(policies?.union).toContain(hash);
  });

  it("report-only: a page with a script's sources in its settings gets them, the others and the offline page do not; the union has them", () => {
    const shared = sources('boot');
    const withTag: CspSettings = { ...csp, scriptSrc: ['https://tag.example'] };
    const pages = [
      ...['/', '/a/', '/b/'].map((path) => page(path, shared)),
      { route: { path: '/tag/' }, inline: shared, csp: withTag },
    ];
    const policies = sitePolicies({ csp, trailingSlash: 'always', pages, inlineOf })?.reportOnly;
    expect(policies?.fallback).not.toContain('https://tag.example');
    expect(Object.keys(policies?.byUrl ?? {})).toEqual(['/tag/', '/tag/index.html']);
    expect(policies?.byUrl['/tag/']).toContain(
      "script-src 'self' 'sha256-boot' https://tag.example",
    );
    expect(policies?.union).toContain('https://tag.example');
  });

  it('enforced: no page policy for the hosts (it is in each page), never a page document made', () => {
    const made: string[] = [];
    const pages = ['/', '/a/'].map((path) => ({ route: { path } }));
    const policies = sitePolicies({
      csp: { reportOnly: false, upgradeInsecure: true },
      trailingSlash: 'always',
      pages,
      inlineOf: ({ route }) => {
        made.push(route.path);
        return sources(route.path);
      },
    });
    expect(policies).toEqual({ upgradeInsecure: true });
    expect(made).toEqual([]);
  });

  it('sends none when the build has no policy', () => {
    expect(
      sitePolicies({ trailingSlash: 'always', pages: [page('/', sources('x'))], inlineOf }),
    ).toBe(undefined);
  });
});
