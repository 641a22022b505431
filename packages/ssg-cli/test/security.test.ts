// Real: the policy computation, the host-config generators and the config check, on hand-written documents and values. Faked: nothing (the real hosts run in tests/host).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkConfig } from '../src/config/check-config.ts';
import { resolveSecurity } from '../src/content/security.ts';
import { SsgError } from '../src/errors.ts';
import { headersFile } from '../src/host/headers-file.ts';
import { nginxSnippet } from '../src/host/nginx.ts';
import type { SitePolicies } from '../src/host/site-policies.ts';
import { documentHtml } from '../src/render/document.ts';
import { cspMeta, cspSourceProblem, inlineSources, policyOf } from '../src/shared/csp.ts';

type SecuritySite = Parameters<typeof resolveSecurity>[0];

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const SETTINGS = { reportOnly: false, upgradeInsecure: true };
const REPORTED = {
  fallback: "default-src 'self'; script-src 'self' 'sha256-a'",
  byUrl: { '/_ssg-offline.html': "default-src 'self'; style-src 'sha256-b'" },
  union: "default-src 'self'; script-src 'self' 'sha256-a'; style-src 'sha256-b'",
};
const POLICIES: SitePolicies = { upgradeInsecure: true };
const REPORT_ONLY: SitePolicies = { upgradeInsecure: false, reportOnly: REPORTED };

describe('the policy of a document', () => {
  it('hashes every inline executable script, style element and style attribute; data blocks and external scripts need none', () => {
    const html =
      '<style>a{color:red}</style><script type="module">go()</script><script>x()</script>' +
      '<script type="application/json">{"a":1}</script><script type="application/ld+json">{}</script>' +
      '<script src="/a.js"></script><div style="--c:#fff;font:&quot;x&quot;">t</div><p data-style="no">';
    const inline = inlineSources(html);
    expect(inline.scripts).toEqual([sha('go()'), sha('x()')].sort());
    expect(inline.styles).toEqual([sha('a{color:red}')]);
    expect(inline.styleAttributes).toEqual([sha('--c:#fff;font:"x"')]);
    const policy = policyOf(inline, {
      ...SETTINGS,
      scriptSrc: ['https://www.googletagmanager.com'],
    });
    expect(policy).toContain(
      `script-src 'self' ${[sha('go()'), sha('x()')].sort().join(' ')} https://www.googletagmanager.com;`,
    );
    expect(policy).toContain(
      `style-src 'self' ${sha('a{color:red}')} 'unsafe-hashes' ${sha('--c:#fff;font:"x"')};`,
    );
    for (const part of [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ])
      expect(policy).toContain(part);
    expect(policy).not.toContain('unsafe-inline');
    // an https site's pages are opened over plain http too (a LAN, ssg serve): the hosts add it over https
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(cspMeta(inline, SETTINGS)).not.toContain('upgrade-insecure-requests');
  });

  it('a page without analytics sources allows no other origin; the meta fallback leaves out frame-ancestors and is absent in report-only mode', () => {
    const inline = inlineSources('<script>x()</script>');
    const policy = policyOf(inline, { reportOnly: false, upgradeInsecure: false });
    expect(policy).not.toMatch(/https:|upgrade-insecure-requests/);
    const meta = cspMeta(inline, SETTINGS);
    expect(meta).toMatch(
      /^<meta http-equiv="Content-Security-Policy" content="default-src 'self';/,
    );
    expect(meta).not.toContain('frame-ancestors');
    expect(cspMeta(inline, { ...SETTINGS, reportOnly: true })).toBe('');
  });

  it('a new inline script written into a page is covered by the page policy without changes (the meta comes before it)', () => {
    const html = documentHtml({
      lang: 'pt-BR',
      head: { title: 't' },
      body: '<p>x</p><script>partytown()</script>',
      path: '/',
      staticQueryHashes: [],
      sliceNames: [],
      client: {
        entry: '/_ssg/app.js',
        entryChunks: { js: [] },
        components: {},
        styles: 'b{}',
        files: [],
      } as never,
      components: [],
      trailingSlash: 'always',
      compilationHash: 'h',
      csp: SETTINGS,
    });
    const meta =
      /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(meta).toContain(sha('partytown()'));
    expect(meta).toContain(sha('b{}'));
    expect(html.indexOf('http-equiv')).toBeLessThan(html.indexOf('<style>'));
  });
});

describe('security headers of the generated host configs', () => {
  it('nginx: the common headers and the policy by kind of URL, all at server level; upgrade-insecure-requests and HSTS only on HTTPS connections', () => {
    const conf = nginxSnippet({
      trailingSlash: 'always',
      policies: POLICIES,
      hsts: 'max-age=63072000',
    });
    expect(conf).toContain('server_tokens off;');
    expect(conf).toContain('disable_symlinks on from=$document_root;');
    expect(conf).toContain(
      `if ($https = "on") { set $ssg_page_csp "frame-ancestors 'none'; upgrade-insecure-requests"; }`,
    );
    expect(conf).toContain('if ($https = "on") { set $ssg_hsts "max-age=63072000"; }');
    // the opener policy only where browsers apply it: https (or behind an https proxy), loopback
    expect(conf).toContain('set $ssg_coop "";');
    expect(conf).toContain('if ($https = "on") { set $ssg_coop "same-origin"; }');
    expect(conf).toContain(
      'if ($http_x_forwarded_proto ~* "^https") { set $ssg_coop "same-origin"; }',
    );
    expect(conf).not.toContain('sha256-');
    for (const line of [
      'add_header Cache-Control $ssg_cache_control always;',
      'add_header Referrer-Policy "strict-origin-when-cross-origin" always;',
      'add_header X-Frame-Options "DENY" always;',
      'add_header Cross-Origin-Opener-Policy $ssg_coop always;',
      'add_header X-Content-Type-Options "nosniff" always;',
      'add_header Content-Security-Policy $ssg_csp always;',
      'add_header Strict-Transport-Security $ssg_hsts always;',
    ])
      expect(conf.split(line).length - 1, line).toBe(1); // once, at server level
    // no location has an add_header of its own (it would drop the operator's server-level ones)
    const locations = conf.split('\nlocation ').slice(1);
    expect(locations.length).toBeGreaterThan(4);
    for (const location of locations) expect(location.split('\n}')[0]).not.toContain('add_header');
    expect(conf).toMatch(
      /add_header Permissions-Policy "[^"]*camera=\(\)[^"]*geolocation=\(\)[^"]*microphone=\(\)[^"]*payment=\(\)[^"]*usb=\(\)/,
    );
    expect(nginxSnippet({ trailingSlash: 'always' })).not.toContain('set $ssg_hsts "max');
  });

  it('nginx, report-only: each page policy by URL in the report-only header', () => {
    const conf = nginxSnippet({ trailingSlash: 'always', policies: REPORT_ONLY });
    expect(conf).toContain(`{ set $ssg_csp_report "${REPORTED.fallback}"; }`);
    expect(conf).toContain(
      `if ($uri = "/_ssg-offline.html") { set $ssg_csp_report "${REPORTED.byUrl['/_ssg-offline.html']}"; }`,
    );
    expect(conf).toContain(
      'add_header Content-Security-Policy-Report-Only $ssg_csp_report always;',
    );
  });

  it("_headers: the common headers, HSTS and the pages' static policy once for /*, the file policy for SVG and the like", () => {
    const file = headersFile({
      pageUrls: ['/', '/index.html', '/_ssg-offline.html'],
      policies: POLICIES,
      hsts: 'max-age=63072000',
    });
    const rules = file.split(/\n(?=\/)/);
    const all = rules.find((r) => r.startsWith('/*\n')) ?? '';
    expect(all).toContain('  Strict-Transport-Security: max-age=63072000');
    expect(all).toContain('  Referrer-Policy: strict-origin-when-cross-origin');
    expect(all).toContain('  X-Frame-Options: DENY');
    expect(all).toContain('  Cross-Origin-Opener-Policy: same-origin');
    expect(all).toContain(
      "  Content-Security-Policy: frame-ancestors 'none'; upgrade-insecure-requests",
    );
    expect(rules.find((r) => r.startsWith('/*.svg\n'))).toBe(
      "/*.svg\n  Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
    );
    expect(rules.find((r) => r.startsWith('/\n'))).not.toContain('Content-Security-Policy');
    // report-only: each HTML URL its policy; past Cloudflare's rule limit one allowing every page's code, in /*
    const reported = headersFile({ pageUrls: ['/', '/_ssg-offline.html'], policies: REPORT_ONLY });
    expect(reported).toContain(
      `/\n  Cache-Control: no-cache\n  Content-Security-Policy-Report-Only: ${REPORTED.fallback}`,
    );
    expect(reported).toContain(
      `  Content-Security-Policy-Report-Only: ${REPORTED.byUrl['/_ssg-offline.html']}`,
    );
    expect(reported).toContain("  Content-Security-Policy: frame-ancestors 'none'\n");
    const many = Array.from({ length: 200 }, (_, i) => `/p${i}/`);
    const big = headersFile({ pageUrls: many, policies: REPORT_ONLY });
    expect(big.split('Content-Security-Policy-Report-Only').length - 1).toBe(1);
    expect(big).toContain(`/*\n  X-Content-Type-Options: nosniff`);
    expect(big).toContain(`  Content-Security-Policy-Report-Only: ${REPORTED.union}`);
    expect(big).not.toContain('Strict-Transport-Security');
  });
});

describe('csp and hsts in ssg.config.ts', () => {
  const problems = (config: unknown): Array<{ path: string; message: string }> => {
    try {
      checkConfig(config, 'ssg.config.ts');
      return [];
    } catch (error) {
      return [...(error as SsgError).issues].map((i) => ({ path: i.path, message: i.message }));
    }
  };

  it('takes https origins, data: and blob:, report-only and HSTS options', () => {
    expect(
      problems({
        csp: {
          scriptSrc: ['https://www.googletagmanager.com'],
          connectSrc: ['https://*.google-analytics.com'],
          imgSrc: ['data:'],
          workerSrc: ['blob:'],
          reportOnly: true,
        },
        hsts: { maxAge: 31536000, includeSubDomains: true },
      }),
    ).toEqual([]);
    expect(problems({ hsts: false })).toEqual([]);
  });

  it('refuses each bad source with its field, and why', () => {
    const found = problems({
      csp: {
        scriptSrc: [
          "'unsafe-inline'",
          'http://cdn.example.com',
          'https://a.example.com; script-src *',
          'https://u:p@x.example.com',
        ],
        connectSrc: 'https://x.example.com',
        frameSrc: ['https://x.example.com/?q'],
        reportOnly: 'yes',
        styleSrc: [],
      },
      hsts: { maxAge: -1 },
    });
    expect(found.map((f) => f.path)).toEqual([
      'csp.styleSrc',
      'csp.scriptSrc[0]',
      'csp.scriptSrc[1]',
      'csp.scriptSrc[2]',
      'csp.scriptSrc[3]',
      'csp.connectSrc',
      'csp.frameSrc[0]',
      'csp.reportOnly',
      'hsts.maxAge',
    ]);
    expect(found[2]?.message).toMatch(/https:\/\//);
    expect(found[4]?.message).toMatch(/user name or password/);
    expect(cspSourceProblem('https://www.googletagmanager.com')).toBeUndefined();
  });
});

describe("the site's address and sources", () => {
  const ctxFor = (url: string | undefined, hsts?: SecuritySite['hstsConfig']) =>
    ({
      loaded: {
        site: {
          ...(url === undefined ? {} : { url: () => url }),
          csp: () => ({ scriptSrc: ['https://tag.example.com'] }),
        },
      },
      files: { site: '/s/src/site.ts' },
      cspConfig: { imgSrc: ['data:'] },
      hstsConfig: hsts,
    }) as unknown as SecuritySite;

  it('https: HSTS on (two years, no includeSubDomains) and upgrade-insecure-requests; sources of config and content merged', () => {
    const made = resolveSecurity(ctxFor('https://www.example.com'), {});
    expect(made.hsts).toBe('max-age=63072000');
    expect(made.csp).toMatchObject({
      upgradeInsecure: true,
      reportOnly: false,
      scriptSrc: ['https://tag.example.com'],
      imgSrc: ['data:'],
    });
    const asked = ctxFor('https://www.example.com', { maxAge: 600, includeSubDomains: true });
    expect(resolveSecurity(asked, {}).hsts).toBe('max-age=600; includeSubDomains');
    const off = ctxFor('https://www.example.com', false);
    expect(resolveSecurity(off, {}).hsts).toBeUndefined();
  });

  it('http://localhost or no address: neither HSTS nor upgrade-insecure-requests', () => {
    for (const url of ['http://localhost:8080', undefined]) {
      const made = resolveSecurity(ctxFor(url), {});
      expect(made.hsts, url).toBeUndefined();
      expect(made.csp.upgradeInsecure, url).toBe(false);
    }
  });

  it('refuses an address a browser would read differently, naming the file and the fix', () => {
    const ctx = ctxFor('https://x.example/"><script>alert(1)</script>');
    expect(() => resolveSecurity(ctx, {})).toThrow(SsgError);
    try {
      resolveSecurity(ctx, {});
    } catch (error) {
      expect((error as SsgError).code).toBe('CONTENT_INVALID');
      expect((error as SsgError).message).toMatch(/quotes, angle brackets/);
      expect((error as SsgError).hint).toContain('/s/src/site.ts');
    }
  });
});
