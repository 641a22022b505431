// Real: build() on copies of the mini and image fixture sites with real symbolic links (to /etc, to files inside and outside the site), dotfiles, and init() over real links; the output read from disk. Faked: nothing.
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initReport } from '../src/cli/actions.ts';
import { formatError, SsgError } from '../src/errors.ts';
import { init } from '../src/init/init.ts';
import { buildMini, MINI_CONTENT, MINI_SITE, miniSiteCopy, snapshot, tempDir } from './helpers.ts';
import { photoJpeg } from './photos.ts';
import { linkMiniPackages } from './site-root.ts';

/** A copy of the mini site whose `content/images/` is copied to `/images/` (defineSite's `assets`). */
function copyWithImages(moreAssets = ''): string {
  const root = miniSiteCopy();
  const site = path.join(root, 'src/site.ts');
  const code = readFileSync(site, 'utf8').replace(
    '  files: ({ routes }) =>',
    `  assets: (c) => [{ from: path.join(c.contentDir, 'images'), to: 'images' }${moreAssets}],\n  files: ({ routes }) =>`,
  );
  writeFileSync(site, code);
  return root;
}

// One copy for the tests with the same code: Vite bundles it once, not once for each test.
let shared: string | undefined;
function sharedRoot(): string {
  if (shared === undefined) shared = copyWithImages();
  return shared;
}

/**
 * That site with an empty `public/`, no `.env`, and a fresh copy of the mini content in
 * `content/` (or `contentDir`) with an empty `images/`; with `moreAssets`, a copy of its own.
 */
function siteWithImages(contentDir?: string, moreAssets = ''): { root: string; content: string } {
  const root = moreAssets ? copyWithImages(moreAssets) : sharedRoot();
  for (const left of ['public', 'content', '.env'])
    rmSync(path.join(root, left), { recursive: true, force: true });
  const content = contentDir ?? path.join(root, 'content');
  cpSync(MINI_CONTENT, content, { recursive: true });
  mkdirSync(path.join(content, 'images'), { recursive: true });
  mkdirSync(path.join(root, 'public'), { recursive: true });
  return { root, content };
}

const failure = (run: Promise<unknown>): Promise<SsgError> =>
  run.then(
    () => new SsgError('USAGE', 'The build succeeded.'),
    (error: unknown) => error as SsgError,
  );

const isRegularFile = (file: string) => lstatSync(file).isFile();

describe('links in the copied folders', () => {
  it('a link to /etc/passwd in public/ and in content/images/: the build fails naming both links and their target, the previous output untouched', async () => {
    const { root, content } = siteWithImages();
    writeFileSync(
      path.join(content, 'images/logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    const outDir = path.join(tempDir(), 'out');
    await buildMini({ root, contentDir: content, outDir });
    const before = snapshot(outDir);
    symlinkSync('/etc/passwd', path.join(root, 'public/passwd.txt'));
    symlinkSync('/etc/passwd', path.join(content, 'images/foto.jpg'));
    const error = await failure(buildMini({ root, contentDir: content, outDir }));
    expect(error.code).toBe('LINK_REFUSED');
    expect(error.message).toContain('2 symbolic links');
    const printed = formatError(error);
    expect(printed).toContain('public/passwd.txt: is a link to /etc/passwd, outside the site');
    expect(printed).toContain(
      'content/images/foto.jpg: is a link to /etc/passwd, outside the site',
    );
    expect(error.hint).toContain('Replace each link with the file itself');
    expect(snapshot(outDir)).toEqual(before);
    expect(existsSync(path.join(outDir, 'passwd.txt'))).toBe(false);
  });

  it('a link to the folder /etc is refused, as is a link to a dotfile of the site itself', async () => {
    const { root, content } = siteWithImages();
    writeFileSync(path.join(root, '.env'), 'API_KEY=secret\n');
    symlinkSync('/etc', path.join(root, 'public/etc'));
    symlinkSync('../.env', path.join(root, 'public/config.txt'));
    const outDir = path.join(tempDir(), 'out');
    const error = await failure(buildMini({ root, contentDir: content, outDir }));
    expect(error.code).toBe('LINK_REFUSED');
    const printed = formatError(error);
    expect(printed).toContain('public/etc: is a link to /etc, outside the site');
    expect(printed).toContain(
      `public/config.txt: is a link to ${path.join(root, '.env')}, a dotfile`,
    );
    expect(existsSync(outDir)).toBe(false);
  });

  it('a link inside the site (a file, a folder, a file of a --content folder outside the site) is copied as a regular file with the same bytes', async () => {
    const content = path.join(tempDir('ssg-content-'), 'content');
    const { root } = siteWithImages(content);
    mkdirSync(path.join(root, 'docs/horarios'), { recursive: true });
    writeFileSync(path.join(root, 'docs/hours.txt'), 'Seg-Sex 8h-18h');
    writeFileSync(path.join(root, 'docs/horarios/sabado.txt'), 'Sáb 8h-12h');
    symlinkSync('../docs/hours.txt', path.join(root, 'public/hours.txt'));
    symlinkSync('../docs/horarios', path.join(root, 'public/horarios'));
    symlinkSync('../site.json', path.join(content, 'images/site.json'));
    const outDir = path.join(tempDir(), 'out');
    await buildMini({ root, contentDir: content, outDir });
    const out = (file: string) => path.join(outDir, file);
    expect(isRegularFile(out('hours.txt'))).toBe(true);
    expect(readFileSync(out('hours.txt'), 'utf8')).toBe('Seg-Sex 8h-18h');
    expect(lstatSync(out('horarios')).isDirectory()).toBe(true);
    expect(isRegularFile(out('horarios/sabado.txt'))).toBe(true);
    expect(readFileSync(out('horarios/sabado.txt'), 'utf8')).toBe('Sáb 8h-12h');
    expect(isRegularFile(out('images/site.json'))).toBe(true);
    expect(readFileSync(out('images/site.json'))).toEqual(
      readFileSync(path.join(content, 'site.json')),
    );
  });

  it("a folder the code names inside node_modules (a font package in pnpm's .pnpm store) is copied with its files", async () => {
    const fonts = 'vendor/node_modules/.pnpm/fonte@1.0.0/node_modules/fonte/files';
    const { root, content } = siteWithImages(
      undefined,
      `, { from: path.join(c.contentDir, '../${fonts}'), to: 'fonts' }`,
    );
    mkdirSync(path.join(root, fonts), { recursive: true });
    writeFileSync(path.join(root, fonts, 'fonte.woff2'), 'wOF2');
    const outDir = path.join(tempDir(), 'out');
    await buildMini({ root, contentDir: content, outDir });
    expect(readFileSync(path.join(outDir, 'fonts/fonte.woff2'), 'utf8')).toBe('wOF2');
  });

  it('a link put in place of an output file is replaced by the file on the next build, never carried over', async () => {
    const { root, content } = siteWithImages();
    const outDir = path.join(tempDir(), 'out');
    await buildMini({ root, contentDir: content, outDir });
    const page = path.join(outDir, 'index.html');
    const elsewhere = path.join(tempDir(), 'index.html');
    renameSync(page, elsewhere); // the same file (inode, time) now outside, reached by a link
    symlinkSync(elsewhere, page);
    await buildMini({ root, contentDir: content, outDir });
    expect(isRegularFile(page)).toBe(true);
    expect(readFileSync(page, 'utf8')).toBe(readFileSync(elsewhere, 'utf8'));
  });
});

describe('dotfiles in the copied folders', () => {
  it('.env, .git/config, .env.production are never copied; /.well-known/security.txt is, and the summary says what was left out', async () => {
    const { root, content } = siteWithImages();
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    };
    write(path.join(root, 'public/.env'), 'SECRET=1');
    write(path.join(root, 'public/.env.production'), 'SECRET=2');
    write(path.join(root, 'public/.git/config'), '[remote "origin"]');
    write(path.join(content, 'images/.env'), 'SECRET=3');
    write(path.join(content, 'images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    write(path.join(root, 'public/.well-known/security.txt'), 'Contact: mailto:ti@example.com');
    const outDir = path.join(tempDir(), 'out');
    const result = await buildMini({ root, contentDir: content, outDir });
    for (const file of ['.env', '.env.production', '.git/config', 'images/.env'])
      expect(existsSync(path.join(outDir, file)), file).toBe(false);
    expect(existsSync(path.join(outDir, '.git'))).toBe(false);
    expect(readFileSync(path.join(outDir, '.well-known/security.txt'), 'utf8')).toBe(
      'Contact: mailto:ti@example.com',
    );
    expect(existsSync(path.join(outDir, 'images/logo.svg'))).toBe(true);
    expect(result.warnings).toContain(
      '4 dotfiles of the copied folders were left out of the output (.env, .env.production, .git and 1 more): files and folders whose name starts with a dot are never published, only /.well-known/ is.',
    );
  });
});

describe('an image field naming a link', () => {
  it('to a photo outside the site is refused, naming the field and where the link points', async () => {
    const root = tempDir('ssg-images-');
    const fixture = path.resolve(import.meta.dirname, 'fixtures/image-site');
    cpSync(path.join(fixture, 'src'), path.join(root, 'src'), { recursive: true });
    cpSync(path.join(MINI_SITE, 'package.json'), path.join(root, 'package.json'));
    linkMiniPackages(root); // caches of its own: its bundles replace no other file's
    const content = path.join(root, 'content');
    mkdirSync(path.join(content, 'fotos'), { recursive: true });
    const outside = path.join(tempDir('ssg-outside-'), 'ferias.jpg');
    writeFileSync(outside, await photoJpeg(900, 600, 1));
    symlinkSync(outside, path.join(content, 'fotos/equipe.jpg'));
    writeFileSync(
      path.join(content, 'photos.json'),
      JSON.stringify([{ file: 'fotos/equipe.jpg', alt: 'Equipe' }]),
    );
    const outDir = path.join(tempDir(), 'out');
    const error = await failure(buildMini({ root, contentDir: content, outDir }));
    expect(error.code).toBe('LINK_REFUSED');
    expect(error.message).toContain(
      `The image "fotos/equipe.jpg" of photos.json at [0].file is a symbolic link to ${outside}, outside the site`,
    );
    expect(existsSync(outDir)).toBe(false);
  });
});

describe('ssg init --force over symbolic links', () => {
  it('replaces a link where it writes a file or a folder, leaves what the links point to unchanged, and lists what it overwrote', async () => {
    const outside = tempDir('ssg-outside-');
    writeFileSync(path.join(outside, 'package.json'), '{"name":"not-yours"}');
    mkdirSync(path.join(outside, 'src'));
    writeFileSync(path.join(outside, 'src/site.ts'), '// not yours');
    const dir = tempDir('ssg-init-');
    symlinkSync(path.join(outside, 'package.json'), path.join(dir, 'package.json'));
    symlinkSync(path.join(outside, 'src'), path.join(dir, 'src'), 'dir');
    writeFileSync(path.join(dir, 'README.md'), 'old');
    const result = await init({ dir, force: true });
    expect(readFileSync(path.join(outside, 'package.json'), 'utf8')).toBe('{"name":"not-yours"}');
    expect(readFileSync(path.join(outside, 'src/site.ts'), 'utf8')).toBe('// not yours');
    expect(isRegularFile(path.join(dir, 'package.json'))).toBe(true);
    expect(lstatSync(path.join(dir, 'src')).isDirectory()).toBe(true);
    expect(readFileSync(path.join(dir, 'src/site.ts'), 'utf8')).toContain('defineSite');
    expect(result.overwritten).toEqual([
      { path: 'README.md' },
      { path: 'package.json', linkTo: path.join(outside, 'package.json') },
      { path: 'src', linkTo: path.join(outside, 'src') },
    ]);
    const printed = initReport(result, path.dirname(dir)).join('\n');
    expect(printed).toContain(
      `Replaced what was already there (3):\n  README.md\n  package.json (a symbolic link to ${path.join(outside, 'package.json')}: the link was replaced, ${path.join(outside, 'package.json')} is untouched)`,
    );
  });
});
