// Real: collections() reading JSON, YAML and Markdown files in a temporary folder, zod schemas, markdown-it, the cache on disk, and (in one test) the image pipeline with sharp. Faked: the image service of the other tests (it records what it is asked).
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SsgError } from '../errors.ts';
import { createImagePipeline } from '../image/pipeline.ts';
import type { ImageData, ImageService } from '../image/types.ts';
import { collections, defineCollection, image } from './index.ts';

function contentFolder(files: Record<string, string | Uint8Array>): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'ssg-collections-')), 'content');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** An image service that answers every path with data naming it, and refuses `missing.jpg`. */
function fakeImages(): ImageService & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async getImage(source, options) {
      asked.push(source);
      if (source.endsWith('missing.jpg'))
        throw new SsgError(
          'IMAGE_NOT_FOUND',
          `The image "${source}" of ${options?.from?.file} at ${options?.from?.path} was not found.`,
          { hint: 'Put the file there or correct the path.' },
        );
      const data: ImageData = {
        src: `/_ssg/image/${source}`,
        srcset: '',
        sources: [],
        width: 1,
        height: 1,
        sizes: '100vw',
      };
      return data;
    },
    rasterize: () => Promise.reject(new Error('not used')),
  };
}

const input = (contentDir: string, cache?: { dir: string; version: string }) => ({
  contentDir,
  brand: 'default',
  images: fakeImages(),
  ...(cache ? { cache } : {}),
});

const posts = defineCollection({
  files: 'posts/*.md',
  schema: z.object({ title: z.string().min(1), tags: z.array(z.string()).default([]) }),
});
const site = defineCollection({
  file: 'site.json',
  schema: z.object({ title: z.string(), pages: z.array(z.object({ title: z.string() })) }),
});
const team = defineCollection({
  files: 'team/*.{yaml,yml}',
  schema: z.object({ name: z.string(), photo: z.string().transform(image({ width: 200 })) }),
});

describe('collections()', () => {
  it('gives each collection typed entries: Markdown bodies as HTML, JSON and YAML data, image fields as <Image> data', async () => {
    const dir = contentFolder({
      'posts/hello.md': '---\ntitle: Hello\ntags: [news]\n---\n# Hi\n\nSome *text*.\n',
      'posts/nested/deep.md': 'no frontmatter: not matched by posts/*.md\n',
      'posts/second.md': '---\ntitle: Second\n---\nBody.\n',
      'site.json': JSON.stringify({ title: 'My Site', pages: [{ title: 'A' }] }),
      'team/ana.yaml': 'name: Ana\nphoto: ./ana.jpg\n',
      'team/bia.yml': 'name: Bia\nphoto: images/bia.jpg\n',
    });
    const result = await collections({ posts, site, team })(input(dir));
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const { content } = result;
    // the types come from the schemas: these lines type-check without an interface
    const title: string = content.site.data.title;
    const tags: string[] = content.posts[0]?.data.tags ?? [];
    const photo: ImageData | undefined = content.team[0]?.data.photo;
    expect(title).toBe('My Site');
    expect(tags).toEqual(['news']);
    expect(content.posts.map((p) => [p.id, p.file, p.data.title])).toEqual([
      ['hello', 'posts/hello.md', 'Hello'],
      ['second', 'posts/second.md', 'Second'],
    ]);
    expect(content.posts[0]?.html).toBe('<h1>Hi</h1>\n<p>Some <em>text</em>.</p>\n');
    expect(content.site.html).toBe('');
    // ./ is relative to the entry's file, any other path to the content folder
    expect(photo?.src).toBe('/_ssg/image/team/ana.jpg');
    expect(content.team[1]?.data.photo.src).toBe('/_ssg/image/images/bia.jpg');
    expect(result.files).toEqual([
      'posts/hello.md',
      'posts/second.md',
      'site.json',
      'team/ana.yaml',
      'team/bia.yml',
    ]);
  });

  it('reports every problem of every file at once: the file, the field path, the value, what is expected and the fix', async () => {
    const dir = contentFolder({
      'posts/a.md': '---\ntitle: ""\ntags: nope\n---\nBody\n',
      'posts/b.md': '---\ntitle: B\ntags: [x,\n  y: z\n---\nBody\n',
      'posts/c.md': '---\ntitle: C\nBody without an end\n',
      'site.json': JSON.stringify({ title: 7, pages: [{ title: 'A' }, {}, { title: 'C' }] }),
      'team/ana.yaml': 'name: Ana\nphoto: ./missing.jpg\n',
      'team/bad.yaml': 'name: [unclosed\n',
    });
    const result = await collections({ posts, site, team })(input(dir));
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    const by = (file: string) => issues.filter((i) => i.file === file);
    expect(by('posts/a.md')).toEqual([
      expect.objectContaining({ path: 'title', value: '' }),
      expect.objectContaining({ path: 'tags', value: 'nope' }),
    ]);
    expect(by('posts/a.md')[0]?.message).toMatch(
      /^Too small: .*>=1 characters.* Change it in the frontmatter of content\/posts\/a\.md\.$/,
    );
    expect(by('posts/b.md')[0]?.message).toMatch(
      /^posts\/b\.md is not valid YAML in its frontmatter at line \d: .* Fix the syntax there/,
    );
    expect(by('posts/c.md')[0]?.message).toBe(
      'posts/c.md opens its frontmatter with --- on line 1 but never closes it: add a line --- after the last field.',
    );
    expect(by('site.json')).toEqual([
      expect.objectContaining({ path: 'title', value: 7 }),
      expect.objectContaining({
        path: 'pages[1].title',
        value: undefined,
        message: expect.stringMatching(
          /^Missing: .*expected string.* Add it to content\/site\.json\.$/,
        ),
      }),
    ]);
    expect(by('team/ana.yaml')).toEqual([
      expect.objectContaining({
        path: 'photo',
        value: './missing.jpg',
        message: expect.stringContaining('team/missing.jpg'),
      }),
    ]);
    expect(by('team/bad.yaml')[0]?.message).toMatch(
      /^team\/bad\.yaml is not valid YAML at line \d/,
    );
  });

  it('names the line of a YAML syntax error in a Markdown frontmatter as the file counts it', async () => {
    const dir = contentFolder({ 'posts/x.md': '---\ntitle: ok\nbad: "open\n---\nBody\n' });
    const result = await collections({ posts })(input(dir));
    const message = result.ok ? '' : (result.issues[0]?.message ?? '');
    expect(message).toMatch(/^posts\/x\.md is not valid YAML in its frontmatter at line 3:/);
  });

  it('shows HTML written in Markdown as text unless the collection trusts it', async () => {
    const body = '---\ntitle: T\n---\n<script>alert(1)</script>\n\n[x](javascript:alert(1))\n';
    const dir = contentFolder({ 'posts/x.md': body });
    const escaped = await collections({ posts })(input(dir));
    const html = escaped.ok ? (escaped.content.posts[0]?.html ?? '') : '';
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript:');
    const trusted = defineCollection({ ...posts, files: 'posts/*.md', markdown: { html: true } });
    const raw = await collections({ posts: trusted })(input(dir));
    expect(raw.ok ? raw.content.posts[0]?.html : '').toContain('<script>alert(1)</script>');
  });

  it('reads a file again only when its bytes changed since the last build (a counting schema)', async () => {
    const checked: string[] = [];
    const inner = z.object({ title: z.string() });
    // a Standard Schema that records each value it checks, then lets zod check it
    const counting: StandardSchemaV1<unknown, { title: string }> = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate(value) {
          checked.push((value as { title?: string }).title ?? '?');
          return inner['~standard'].validate(value);
        },
      },
    };
    const files: Record<string, string> = {};
    for (let i = 0; i < 5; i++) files[`posts/p${i}.md`] = `---\ntitle: P${i}\n---\nBody ${i}\n`;
    const dir = contentFolder(files);
    const cache = { dir: path.join(path.dirname(dir), 'cache'), version: 'code-1' };
    const load = () =>
      collections({ posts: defineCollection({ files: 'posts/*.md', schema: counting }) });
    await load()(input(dir, cache));
    expect(checked).toHaveLength(5);

    checked.length = 0;
    writeFileSync(path.join(dir, 'posts/p3.md'), '---\ntitle: P3 edited\n---\nNew body\n');
    const second = await load()(input(dir, cache));
    expect(checked).toEqual(['P3 edited']);
    const p3 = second.ok ? second.content.posts.find((p) => p.id === 'p3') : undefined;
    expect(p3?.html).toBe('<p>New body</p>\n');
    expect(second.ok ? second.content.posts.map((p) => p.data.title) : []).toEqual([
      'P0',
      'P1',
      'P2',
      'P3 edited',
      'P4',
    ]);

    // another version of the site's code (a changed schema, say): every file is checked again
    checked.length = 0;
    await load()(input(dir, { ...cache, version: 'code-2' }));
    expect(checked).toHaveLength(5);
  });

  it("turns an image field into the responsive data <Image> takes, through the build's image pipeline", async () => {
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const dir = contentFolder({
      'team/ana.yaml': 'name: Ana\nphoto: ./ana.jpg\n',
      'team/ana.jpg': photo,
    });
    const images = createImagePipeline({
      contentDir: dir,
      cacheDir: path.join(path.dirname(dir), 'images'),
      eager: false,
    });
    try {
      const result = await collections({ team })({ contentDir: dir, brand: 'default', images });
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      const data = result.content.team[0]?.data.photo;
      expect(data?.src).toMatch(/^\/_ssg\/image\/.+\.jpe?g$/);
      expect(data?.width).toBe(400); // image({ width: 200 }): up to twice that for sharp screens
      expect(data?.height).toBe(300);
      expect(data?.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    } finally {
      await images.close();
    }
  });

  it('refuses a pattern that leaves the content folder, and a file that links out of it', async () => {
    const dir = contentFolder({ 'a.json': '{}' });
    const outside = defineCollection({ files: '../*.json', schema: z.object({}) });
    const result = await collections({ outside })(input(dir));
    expect(result.ok ? '' : result.issues[0]?.message).toContain('leaves the content folder');

    const secret = path.join(path.dirname(dir), 'secret.md');
    writeFileSync(secret, '---\ntitle: Secret\n---\nPrivate notes.\n');
    mkdirSync(path.join(dir, 'posts'));
    symlinkSync(secret, path.join(dir, 'posts/leak.md'));
    // a glob does not follow links; a file named as such is refused
    symlinkSync(secret, path.join(dir, 'notes.md'));
    const notes = defineCollection({ file: 'notes.md', schema: z.object({ title: z.string() }) });
    const linked = await collections({ posts, notes })(input(dir));
    expect(linked.ok ? [] : linked.issues).toEqual([
      expect.objectContaining({
        file: 'notes.md',
        message: expect.stringContaining('outside the content folder'),
      }),
    ]);
    const globbed = await collections({ posts })(input(dir));
    expect(globbed.ok ? globbed.content.posts : undefined).toEqual([]);
  });
});
