// Real: the HTML document around a page (head, stylesheet, boot data, boot script, CSP meta); faked: the client bundle's file names (testing/stub-site.ts), no Vite, no disk.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stubClient } from '../testing/stub-site.ts';
import { type DocumentInput, pageDocument } from './document.ts';

const input = (over: Partial<DocumentInput> = {}): DocumentInput => ({
  lang: 'pt-BR',
  head: {
    title: 'Serviços & preços',
    meta: [{ name: 'description', content: 'Banho "e" tosa' }],
  },
  body: '<main>Olá</main>',
  path: '/servicos/',
  staticQueryHashes: ['111', '222'],
  sliceNames: ['footer'],
  client: stubClient('main{color:red}'),
  components: ['page', 'footer'],
  trailingSlash: 'always',
  compilationHash: 'hash-1',
  ...over,
});

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const between = (html: string, open: string, close: string): string => {
  const start = html.indexOf(open);
  expect(start).toBeGreaterThanOrEqual(0);
  return html.slice(start + open.length, html.indexOf(close, start + open.length));
};
const BOOT_JSON = '<script type="application/json" id="___ssg-boot">';
const BOOT_SCRIPT = '<script type="module">';

describe('the page document', () => {
  it("opens with the charset, the viewport, the compilation hash and the page's own head, escaped", () => {
    const { html } = pageDocument(input());
    expect(html).toMatch(
      /^<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="ssg-compilation-hash" content="hash-1"><title>Serviços &amp; preços<\/title><meta data-ssg-head name="description" content="Banho &quot;e&quot; tosa">/,
    );
  });

  it("inlines the site's stylesheet in the head, and a closing tag inside it cannot end it", () => {
    const plain = pageDocument(input()).html;
    expect(between(plain, '<style>', '</style>')).toBe('main{color:red}');
    expect(plain.indexOf('<style>')).toBeLessThan(plain.indexOf('</head>'));
    const hostile = pageDocument(input({ client: stubClient('a::after{content:"</style><b>"}') }));
    expect(hostile.html).toContain('<style>a::after{content:"<\\/style><b>"}</style>');
    expect(pageDocument(input({ client: stubClient('') })).html).not.toContain('<style>');
  });

  it('puts the page body in the root element with its settings, then the boot data and the boot script', () => {
    const { html } = pageDocument(input());
    expect(html).toContain(
      '<body><div id="___ssg" data-trailing-slash="always" data-service-worker="on"><main>Olá</main></div><script type="application/json" id="___ssg-boot">',
    );
    expect(html.endsWith('</script></body></html>')).toBe(true);
    expect(html.indexOf(BOOT_SCRIPT)).toBeGreaterThan(html.indexOf(BOOT_JSON));
    expect(between(html, BOOT_SCRIPT, '</script>')).toContain('import(b.entry)');
    const off = pageDocument(input({ serviceWorker: false, trailingSlash: 'never' })).html;
    expect(off).toContain('<div id="___ssg" data-trailing-slash="never"><main>');
  });

  it("boots with the entry, the page's chunks once each, and every data file the page needs", () => {
    const { html } = pageDocument(input());
    expect(JSON.parse(between(html, BOOT_JSON, '</script>'))).toEqual({
      entry: '_ssg/app-e1.js',
      modules: ['_ssg/react-r1.js', '_ssg/page-p1.js', '_ssg/shared-s1.js', '_ssg/footer-f1.js'],
      data: [
        '/page-data/app-data.json',
        '/page-data/servicos/page-data.json',
        '/page-data/sq/d/111.json',
        '/page-data/sq/d/222.json',
        '/slice-data/footer.json',
      ],
    });
  });

  it('writes content in the boot data so that it cannot close the script', () => {
    const { html } = pageDocument(input({ path: '/</script><img src=x>/' }));
    const json = between(html, BOOT_JSON, '</script>');
    expect(json).not.toContain('<');
    expect(JSON.parse(json).data).toContain('/page-data/</script><img src=x>/page-data.json');
  });

  it("allows exactly the document's inline scripts and stylesheet in a CSP meta right after the charset", () => {
    const csp = { reportOnly: false, upgradeInsecure: false, scriptSrc: ['https://gtm.example'] };
    const { html, inline } = pageDocument(input({ csp }));
    const scripts = [
      sha(between(html, BOOT_JSON, '</script>')), // not executable: must not be listed
      sha(between(html, BOOT_SCRIPT, '</script>')),
    ];
    expect(inline.scripts).toEqual([scripts[1]]);
    expect(inline.styles).toEqual([sha('main{color:red}')]);
    const meta = between(html, '<meta charset="utf-8">', '>');
    expect(meta).toMatch(/^<meta http-equiv="Content-Security-Policy" content="/);
    expect(meta).toContain(`script-src 'self' ${scripts[1]} https://gtm.example;`);
    expect(meta).toContain(`style-src 'self' ${sha('main{color:red}')};`);
    expect(meta).not.toContain('frame-ancestors');
    // report-only cannot travel in a meta: no meta, the same hashes
    const reportOnly = pageDocument(input({ csp: { ...csp, reportOnly: true } }));
    expect(reportOnly.html).not.toContain('http-equiv');
    expect(reportOnly.inline).toEqual(inline);
    expect(pageDocument(input()).html).not.toContain('http-equiv');
  });

  it('gives the same bytes for the same input and changes only the hash meta with the compilation hash', () => {
    const a = pageDocument(input()).html;
    expect(pageDocument(input()).html).toBe(a);
    const b = pageDocument(input({ compilationHash: 'hash-2' })).html;
    expect(b).toBe(a.replace('content="hash-1"', 'content="hash-2"'));
  });
});
