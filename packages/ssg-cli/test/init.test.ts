// Real: init() writing the starter into temporary folders, then build() and tsc on the written site; faked: npm install (the workspace packages are linked into its node_modules).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, exitCodeOf, SsgError } from '../src/index.ts';
import { init } from '../src/init/init.ts';
import { queryHash } from '../src/site/index.ts';
import { linkStarterDependencies, listFiles, readJson, tempDir } from './helpers.ts';

const PACKAGE_DIR = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

const STARTER_FILES = [
  '.gitignore',
  'README.md',
  'content/posts/hello-markdown.md',
  'content/site.json',
  'package.json',
  'public/favicon.ico',
  'public/favicon.svg',
  'src/browser.ts',
  'src/collections.ts',
  'src/content.ts',
  'src/layout.tsx',
  'src/pages/about.tsx',
  'src/pages/home.tsx',
  'src/pages/not-found.tsx',
  'src/pages/post.static.tsx',
  'src/pages/server-error.tsx',
  'src/site.ts',
  'src/styles.css',
  'ssg.config.ts',
  'tsconfig.json',
];

interface StarterPackage {
  name: string;
  type: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

describe('ssg init', () => {
  it('writes exactly the starter files, with the folder name and @ssg/cli as this one was installed', async () => {
    const dir = path.join(tempDir('ssg-init-'), 'My Site');
    const result = await init({ dir });
    expect(result).toEqual({ dir, files: STARTER_FILES, overwritten: [] });
    expect(listFiles(dir)).toEqual(STARTER_FILES);
    const pkg = readJson(path.join(dir, 'package.json')) as StarterPackage;
    expect(pkg.name).toBe('my-site');
    expect(pkg.type).toBe('module');
    // run from this repository's folder, not installed: the site installs that folder
    expect(pkg.dependencies['@ssg/cli']).toBe(`file:${realpathSync(PACKAGE_DIR)}`);
    expect(pkg.dependencies['@ssg/loader']).toBe(
      `file:${realpathSync(path.join(PACKAGE_DIR, '../loader'))}`,
    );
    expect(pkg.scripts).toEqual({
      dev: 'ssg dev',
      build: 'ssg build',
      serve: 'ssg serve',
      check: 'tsc --noEmit',
    });
    expect(readFileSync(path.join(dir, '.gitignore'), 'utf8').split('\n')).toEqual(
      expect.arrayContaining(['node_modules', 'dist']),
    );
  });

  it('refuses a folder that is not empty, naming it and its files, and writes nothing', async () => {
    const dir = tempDir('ssg-init-');
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    const refused = await init({ dir }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SsgError);
    const error = refused as SsgError;
    expect(error.code).toBe('INIT_TARGET_NOT_EMPTY');
    expect(exitCodeOf(error.code)).toBe(2);
    expect(error.message).toContain(dir);
    expect(error.message).toContain('notes.txt');
    expect(error.hint).toContain('--force');
    expect(listFiles(dir)).toEqual(['notes.txt']);
  });

  it('with force, writes the starter into a folder that is not empty and keeps the other files', async () => {
    const dir = tempDir('ssg-init-');
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    writeFileSync(path.join(dir, 'README.md'), 'old');
    const result = await init({ dir, force: true });
    expect(result.files).toEqual(STARTER_FILES);
    expect(listFiles(dir)).toEqual([...STARTER_FILES, 'notes.txt'].sort());
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(path.join(dir, 'README.md'), 'utf8')).not.toBe('old');
  });
});

describe('the site ssg init writes', () => {
  let dir: string;
  beforeAll(async () => {
    ({ dir } = await init({ dir: path.join(tempDir('ssg-init-'), 'site') }));
    linkStarterDependencies(dir);
  });

  it('builds: both pages carry the content text, with app-data and the static query file', async () => {
    const content = readJson(path.join(dir, 'content/site.json')) as {
      title: string;
      description: string;
      pages: Record<'home' | 'about', { heading: string; text: string }>;
    };
    const outDir = path.join(tempDir('ssg-init-out-'), 'dist');
    await build({ root: dir, outDir });
    const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
    const home = read('index.html');
    expect(home).toContain(content.pages.home.text);
    expect(home).toContain(content.title);
    expect(home).toContain('href="/about/"');
    const about = read('about/index.html');
    expect(about).toContain(content.pages.about.heading);
    expect(about).toContain(content.pages.about.text);
    expect(read('404.html')).toContain('Page not found');
    expect(readJson(path.join(outDir, 'page-data/app-data.json'))).toHaveProperty(
      'compilationHash',
    );
    expect(readJson(path.join(outDir, `page-data/sq/d/${queryHash('site')}.json`))).toEqual({
      data: { title: content.title, description: content.description },
    });
  });

  it('renders its Markdown post to a page of its own, as HTML in no JavaScript file', async () => {
    const outDir = path.join(tempDir('ssg-init-out-'), 'dist');
    await build({ root: dir, outDir });
    const page = readFileSync(path.join(outDir, 'posts/hello-markdown/index.html'), 'utf8');
    expect(page).toContain('<h1>Hello from Markdown</h1>');
    expect(page).toContain('its body is <strong>Markdown</strong>, rendered to');
    expect(page).toContain('HTML written here shows as text');
    const js = listFiles(outDir).filter((f) => f.endsWith('.js') && !f.includes('page-data'));
    expect(js.length).toBeGreaterThan(0);
    for (const file of js)
      expect(readFileSync(path.join(outDir, file), 'utf8'), file).not.toContain(
        'rendered to HTML when the site is built',
      );
  });

  it('refuses bad content, naming the file, the field, the value found and the fix', async () => {
    const contentDir = path.join(tempDir('ssg-init-content-'), 'content');
    mkdirSync(contentDir);
    const content = readJson(path.join(dir, 'content/site.json')) as {
      title: unknown;
      pages: { about: { text?: string } };
    };
    content.title = 42;
    delete content.pages.about.text;
    writeFileSync(path.join(contentDir, 'site.json'), JSON.stringify(content));
    const outDir = path.join(tempDir('ssg-init-out-'), 'dist');
    const failed = await build({ root: dir, contentDir, outDir }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SsgError);
    expect((failed as SsgError).code).toBe('CONTENT_INVALID');
    expect((failed as SsgError).issues).toEqual([
      expect.objectContaining({ file: 'site.json', path: 'title', value: 42 }),
      expect.objectContaining({ file: 'site.json', path: 'pages.about.text', value: undefined }),
    ]);
    for (const issue of (failed as SsgError).issues) {
      expect(issue.message).toContain('content/site.json');
    }
  });

  it('reads content saved with a BOM, and refuses bytes that are not UTF-8 naming the offset', async () => {
    const contentDir = path.join(tempDir('ssg-init-content-'), 'content');
    mkdirSync(contentDir);
    const original = readFileSync(path.join(dir, 'content/site.json'));
    const file = path.join(contentDir, 'site.json');
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), original]));
    const outDir = path.join(tempDir('ssg-init-out-'), 'dist');
    await build({ root: dir, contentDir, outDir });
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).toContain('<title>');

    // a byte of Latin-1 (é) where the title's first letter was
    const at = original.indexOf('"title"') + '"title": "'.length;
    writeFileSync(
      file,
      Buffer.concat([original.subarray(0, at), Buffer.from([0xe9]), original.subarray(at + 1)]),
    );
    const failed = await build({ root: dir, contentDir, outDir }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SsgError);
    expect((failed as SsgError).code).toBe('CONTENT_INVALID');
    expect((failed as SsgError).issues).toEqual([
      expect.objectContaining({
        file: 'site.json',
        message: expect.stringMatching(
          new RegExp(
            `^site\\.json is not valid UTF-8: the byte at offset ${at} \\(line \\d+, column \\d+\\) is 0xE9\\.`,
          ),
        ),
      }),
    ]);
  });

  it('type-checks with its own tsconfig (strict, no skipLibCheck)', () => {
    // ssg.config.ts is left out: defineConfig is not in this version of @ssg/cli yet.
    writeFileSync(
      path.join(dir, 'tsconfig.check.json'),
      JSON.stringify({ extends: './tsconfig.json', include: ['src'] }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.check.json')], {
      encoding: 'utf8',
    });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 120_000); // tsc over the site and the framework's sources it imports: 10-20 s on a busy machine
});
