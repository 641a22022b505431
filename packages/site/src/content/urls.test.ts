// @vitest-environment node
// Real loader over temporary copies of the real content/ with one hostile address each, and the real sitemap/robots writers; no fakes.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './crawler-files.ts';
import { loadContent } from './load-content.ts';

const CONTENT = path.resolve(import.meta.dirname, '../../../../content');
const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** The issues of content/ with one address replaced (`set` edits the parsed JSON of `file`). */
async function issuesWith(file: string, set: (json: unknown) => void, brand = 'vet') {
  const dir = await mkdtemp(path.join(tmpdir(), 'clinic-urls-'));
  temps.push(dir);
  await cp(CONTENT, dir, { recursive: true });
  const abs = path.join(dir, file);
  const json = JSON.parse(await readFile(abs, 'utf8'));
  set(json);
  await writeFile(abs, JSON.stringify(json, null, 2));
  const result = await loadContent({ contentDir: dir, brand });
  return result.ok ? [] : result.issues;
}

/** Sets the value at `keys` inside parsed JSON. */
function setAt(json: unknown, keys: readonly (string | number)[], value: string): void {
  let at = json as Record<string | number, unknown>;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[keys[keys.length - 1] ?? ''] = value;
}

const XSS = 'https://x.example/"><script>alert(1)</script>';

describe('addresses in the content are parsed as URLs', () => {
  it.each([
    ['site.json', 'url', XSS, /quotes, angle brackets/],
    ['site.json', 'url', 'https://www.amigofielvet.com.br?utm=1', /without "\?…" or "#…"/],
    ['site.json', 'url', 'https://www.amigofielvet.com.br#topo', /without "\?…" or "#…"/],
    [
      'site.json',
      'url',
      'http://www.amigofielvet.com.br',
      /https:\/\/ \(http:\/\/ only for localhost\)/,
    ],
    ['site.json', 'url', 'https://admin:senha@www.amigofielvet.com.br', /user name or password/],
    ['site.json', 'url', 'https://www.amigofielvet.com.br /x', /spaces/],
    ['site.json', 'url', 'https://', /absolute address starting with https:\/\//],
  ])(
    '%s %s = %j is refused with file, field, value and the fix',
    async (file, field, value, fix) => {
      const issues = await issuesWith(file, (j) => {
        (j as Record<string, string>)[field] = value;
      });
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ file, path: field, value });
      expect(issues[0]?.message).toMatch(fix);
    },
  );

  it.each([
    ['units.json', ['units', 0, 'site'], 'javascript:alert(1)', 'units[0].site'],
    ['partners.json', ['partners', 0, 'url'], 'ftp://x.example.com', 'partners[0].url'],
    ['brands/med.json', ['site', 'url'], 'https://med.example.com/<b>', 'site.url'],
  ] as const)('%s: %j is refused at %s too', async (file, keys, value, at) => {
    const brand = file.startsWith('brands/') ? 'med' : 'vet';
    const issues = await issuesWith(file, (json) => setAt(json, keys, value), brand);
    expect(issues.map((i) => `${i.file} ${i.path}`)).toEqual([`${file} ${at}`]);
  });

  it("refuses a gallery video's address with a quote in it", async () => {
    const issues = await issuesWith('gallery.json', (json) => {
      (json as { videos: unknown[] }).videos.push({
        title: 'Tour pela clínica',
        url: "https://youtube.com/watch?v=1'onload='x",
        poster: 'video-tour.svg',
        duration: '2:45',
        width: 1280,
        height: 720,
      });
    });
    expect(issues.map((i) => `${i.file} ${i.path}`)).toEqual(['gallery.json videos[0].url']);
  });

  it('takes https addresses and http://localhost', async () => {
    expect(
      await issuesWith('site.json', (j) => setAt(j, ['url'], 'http://localhost:8080')),
    ).toEqual([]);
    expect(await issuesWith('units.json', () => {})).toEqual([]);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('escape what they write for XML and for a text line', () => {
    const sitemap = sitemapXml('https://x.example/a&b', ['/', '/<servicos>/']);
    expect(sitemap).toContain('<loc>https://x.example/a&amp;b/</loc>');
    expect(sitemap).toContain('<loc>https://x.example/a&amp;b/&lt;servicos&gt;/</loc>');
    expect(sitemap).not.toMatch(/<servicos>/);
    const robots = robotsTxt('https://x.example/a\nDisallow: /');
    expect(robots.split('\n').filter((l) => l.startsWith('Disallow'))).toEqual([]);
    expect(robots).toContain('Sitemap: https://x.example/a%0ADisallow:%20//sitemap.xml');
  });
});
