// Real: init()'s starter with its posts collection, build() twice into one folder, dev() and its Vite server, the files on disk. Faked: npm install (the workspace's packages are linked in); the posts schema records each post it checks in a log file.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, dev } from '../src/index.ts';
import { init } from '../src/init/init.ts';
import { linkStarterDependencies, tempDir } from './helpers.ts';

let site: string;
let log: string;
const checkedTitles = (): string[] => readFileSync(log, 'utf8').split('\n').filter(Boolean);
const post = (title: string, body: string) =>
  `---\ntitle: ${title}\ndescription: About ${title}.\n---\n${body}\n`;

beforeAll(async () => {
  ({ dir: site } = await init({ dir: path.join(tempDir('ssg-collections-'), 'site') }));
  linkStarterDependencies(site);
  log = path.join(site, 'checked.log');
  writeFileSync(log, '');
  // the starter's posts schema, recording each post the build checks
  const file = path.join(site, 'src/collections.ts');
  const source = readFileSync(file, 'utf8');
  const counted = source
    .replace(
      "import { z } from 'zod';",
      "import { appendFileSync } from 'node:fs';\nimport { z } from 'zod';",
    )
    .replace(
      'schema: z.object({ title: z.string().min(1), description: z.string().min(1) }),',
      `schema: z.object({ title: z.string().min(1), description: z.string().min(1) }).refine((p) => {
        appendFileSync(${JSON.stringify(log)}, \`\${p.title}\\n\`);
        return true;
      }),`,
    );
  expect(counted).not.toBe(source);
  writeFileSync(file, counted);
  for (let i = 0; i < 30; i++)
    writeFileSync(path.join(site, `content/posts/post-${i}.md`), post(`Post ${i}`, `Body *${i}*.`));
}, 60_000);

describe('a site of collections', () => {
  it('checks and renders again only the collection files that changed since the last build', async () => {
    const outDir = path.join(tempDir('ssg-collections-out-'), 'dist');
    await build({ root: site, outDir });
    expect(checkedTitles()).toHaveLength(31); // 30 posts and the starter's own

    writeFileSync(log, '');
    writeFileSync(
      path.join(site, 'content/posts/post-7.md'),
      post('Post seven', 'A **new** body.'),
    );
    await build({ root: site, outDir });
    expect(checkedTitles()).toEqual(['Post seven']);
    const page = readFileSync(path.join(outDir, 'posts/post-7/index.html'), 'utf8');
    expect(page).toContain('<h1>Post seven</h1>');
    expect(page).toContain('<p>A <strong>new</strong> body.</p>');
    // the files not read again still give their pages
    expect(readFileSync(path.join(outDir, 'posts/post-8/index.html'), 'utf8')).toContain(
      '<p>Body <em>8</em>.</p>',
    );

    writeFileSync(log, '');
    await build({ root: site, outDir });
    expect(checkedTitles()).toEqual([]);

    // --force: everything anew, the content too
    await build({ root: site, outDir, force: true });
    expect(checkedTitles()).toHaveLength(31);
  }, 180_000);

  it('under ssg dev, shows an edit of a Markdown body and of a frontmatter field without a restart', async () => {
    const server = await dev({ root: site, port: 0 });
    try {
      const url = new URL('/posts/hello-markdown/', server.url);
      const first = await (await fetch(url)).text();
      expect(first).toContain('<h1>Hello from Markdown</h1>');
      const file = path.join(site, 'content/posts/hello-markdown.md');
      writeFileSync(file, post('Edited title', 'An *edited* body.'));
      // the next request renders from the edited file (dev checks each content file it read)
      const next = await (await fetch(url)).text();
      expect(next).toContain('<h1>Edited title</h1>');
      expect(next).toContain('<p>An <em>edited</em> body.</p>');
      expect(next).not.toContain('Hello from Markdown');
    } finally {
      await server.close();
    }
  }, 120_000);
});
