// Real: build() of a fixture site (Vite, React's server render, the incremental cache, files on disk); nothing faked.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/index.ts';
import type { TrailingSlash } from '../src/shared/trailing-slash.ts';
import { MINI_SITE, tempDir } from './helpers.ts';
import { linkMiniPackages } from './site-root.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/link-site');

interface Page {
  path: string;
  title: string;
  links: string[];
  anchors: string[];
  matchPath?: string;
}

const HOME: Page = {
  path: '/',
  title: 'Início',
  links: [
    '/sobre/',
    '/sobre', // the other slash form: the hosts redirect it
    '/sobre/#equipe',
    '/sobre/?aba=2',
    'sobre/', // relative to /
    '/conta/pedidos/42', // a client-only route's matchPath
    '/tabela.txt', // public/
    '/sitemap.xml', // an extra file
    '/nada/',
    'https://example.org/',
    '#topo',
  ],
  anchors: ['/faltando.pdf', 'mailto:clinica@example.org', '/sobre/index.html'],
};
const ABOUT: Page = {
  path: '/sobre/',
  title: 'Sobre',
  links: ['../irmao/', '../'],
  anchors: ['/nada/'],
};
const ACCOUNT: Page = {
  path: '/conta/',
  title: 'Conta',
  links: [],
  anchors: [],
  matchPath: '/conta/*',
};

/** A copy of the link fixture with the mini site's node_modules; returns its root and content folder. */
function siteCopy(): { root: string; content: string } {
  const root = tempDir('ssg-links-');
  cpSync(path.join(FIXTURE, 'src'), path.join(root, 'src'), { recursive: true });
  cpSync(path.join(FIXTURE, 'public'), path.join(root, 'public'), { recursive: true });
  cpSync(path.join(MINI_SITE, 'package.json'), path.join(root, 'package.json'));
  linkMiniPackages(root); // caches of its own: its bundles replace no other file's
  mkdirSync(path.join(root, 'content'));
  return { root, content: path.join(root, 'content') };
}

const site = siteCopy();
const out = path.join(tempDir(), 'out');

const buildWith = (pages: Page[], trailingSlash: TrailingSlash = 'always', outDir = out) => {
  writeFileSync(path.join(site.content, 'site.json'), JSON.stringify({ pages }));
  return build({
    root: site.root,
    contentDir: site.content,
    outDir,
    trailingSlash,
    compress: 'none',
  });
};

const broken = (warnings: string[]) => warnings.filter((w) => w.startsWith('Broken link'));

describe('the broken-link check', () => {
  let first: Awaited<ReturnType<typeof buildWith>>;
  beforeAll(async () => {
    first = await buildWith([HOME, ABOUT, ACCOUNT]);
  }, 240_000);

  it('warns once per link that leads nowhere, naming its pages and href, and never for one that works', () => {
    // in path order; the layout's, its static part's and the footer slice's links are on every page
    expect(broken(first.warnings)).toEqual([
      'Broken link: pages /, /sobre/, /conta/ and 2 more link to "/aviso-perdido/", which is no page, client-only route or file of the output; correct the href or add what it names.',
      'Broken link: pages /, /sobre/, /conta/ and 2 more link to "/contato-perdido/", which is no page, client-only route or file of the output; correct the href or add what it names.',
      'Broken link: page / links to "/faltando.pdf", which is no page, client-only route or file of the output; correct the href or add what it names.',
      'Broken link: page /sobre/ links to "../irmao/" (/irmao/), which is no page, client-only route or file of the output; correct the href or add what it names.',
      'Broken link: pages /, /sobre/ link to "/nada/", which is no page, client-only route or file of the output; correct the href or add what it names.',
      'Broken link: pages /, /sobre/, /conta/ and 2 more link to "/perdido/", which is no page, client-only route or file of the output; correct the href or add what it names.',
    ]);
  });

  it('checks the pages a rebuild reuses against the pages of the new build, without rendering them', async () => {
    // /nada/ added: the links to it work now; / and /sobre/ are reused as they were
    const added = await buildWith([
      HOME,
      ABOUT,
      ACCOUNT,
      { ...ABOUT, path: '/nada/', title: 'Nada' },
    ]);
    expect(added.reused.pages).toBeGreaterThanOrEqual(3);
    expect(broken(added.warnings).some((w) => w.includes('"/nada/"'))).toBe(false);
    // /sobre/ removed: the reused home page's links to it are broken now
    const removed = await buildWith([HOME, ACCOUNT]);
    expect(removed.reused.pages).toBeGreaterThanOrEqual(2);
    expect(broken(removed.warnings)).toContain(
      'Broken link: page / links to "/sobre/", which is no page, client-only route or file of the output; correct the href or add what it names.',
    );
    expect(broken(removed.warnings).find((w) => w.includes('"sobre/"'))).toBeUndefined(); // one target, one warning
  }, 240_000);

  it('lists the first 20 broken links and counts the rest in one more warning', async () => {
    const many = Array.from({ length: 25 }, (_, i) => `/falta-${String(i).padStart(2, '0')}/`);
    const result = await buildWith(
      [{ ...HOME, links: many, anchors: [] }],
      'always',
      path.join(tempDir(), 'out'),
    );
    const warnings = broken(result.warnings);
    expect(warnings).toHaveLength(21);
    expect(warnings[2]).toContain('"/falta-00/"');
    // 28 in all: the 25, and the layout's, its static part's and the footer's
    expect(warnings[20]).toBe(
      'Broken links: 8 more not listed (28 in all); correct the ones above and build again to list the rest.',
    );
  }, 240_000);

  it('follows the trailing-slash rule: under "never" /sobre/ and /sobre both lead to the page /sobre', async () => {
    const result = await buildWith([HOME, ABOUT, ACCOUNT], 'never', path.join(tempDir(), 'out'));
    const warnings = broken(result.warnings);
    expect(warnings.some((w) => /"\/?sobre\/?"/.test(w))).toBe(false);
    expect(warnings.some((w) => w.includes('"/nada/"'))).toBe(true);
  }, 240_000);
});
