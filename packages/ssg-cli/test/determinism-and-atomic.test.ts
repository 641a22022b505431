// Real: build() of the mini fixture site, twice, and into a folder holding a good build. Faked: nothing.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SsgError } from '../src/index.ts';
import { besideOutput, buildMini, contentCopy, snapshot, tempDir } from './helpers.ts';

describe('determinism', () => {
  it('gives byte-identical output for unchanged content and code', async () => {
    const first = await buildMini();
    const second = await buildMini();
    expect(second.compilationHash).toBe(first.compilationHash);
    expect(snapshot(second.outDir)).toEqual(snapshot(first.outDir));
  });

  it('changes the compilation hash when content a running tab keeps changes (a static query, a slice)', async () => {
    const content = contentCopy();
    const before = await buildMini({ contentDir: content });
    writeFileSync(
      path.join(content, 'site.json'),
      JSON.stringify({ name: 'Outra', tagline: 't', pages: [] }),
    );
    const after = await buildMini({ contentDir: content });
    expect(after.compilationHash).not.toBe(before.compilationHash);
  });
});

describe('atomic output', () => {
  it('leaves the previous build byte-for-byte intact when a build fails, and no staging folder', async () => {
    const outDir = path.join(tempDir(), 'site');
    await buildMini({ outDir });
    const before = snapshot(outDir);
    const content = contentCopy();
    writeFileSync(path.join(content, 'site.json'), '{ "name": "broken", ');
    const failure = await buildMini({ outDir, contentDir: content }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SsgError);
    expect((failure as SsgError).code).toBe('CONTENT_INVALID');
    expect(snapshot(outDir)).toEqual(before);
    expect(besideOutput(outDir)).toMatchObject({ previous: [], other: [] });
  });

  it('leaves no staging folder when a first build fails after its folders were being made', async () => {
    const outDir = path.join(tempDir(), 'site');
    const content = contentCopy();
    const site = JSON.parse(readFileSync(path.join(content, 'site.json'), 'utf8'));
    site.pages.push({ slug: 'quebrada', title: 'Quebrada', body: { not: 'text' } });
    writeFileSync(path.join(content, 'site.json'), JSON.stringify(site));
    const failure = await buildMini({ outDir, contentDir: content }).catch((e: unknown) => e);
    expect((failure as SsgError).code).toBe('RENDER_FAILED');
    expect(readdirSync(path.dirname(outDir))).toEqual([]);
  });

  it('replaces the previous build whole on success', async () => {
    const outDir = path.join(tempDir(), 'site');
    await buildMini({ outDir });
    writeFileSync(path.join(outDir, 'stale.txt'), 'from an older build');
    await buildMini({ outDir });
    expect(existsSync(path.join(outDir, 'stale.txt'))).toBe(false);
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(true);
  });

  it('deletes the previous build when the next build starts, and what killed builds left beside the output', async () => {
    const outDir = path.join(tempDir(), 'site');
    await buildMini({ outDir });
    // a build killed midway: its staging folder, with a process id that no longer runs
    const leftover = path.join(path.dirname(outDir), '.site.staging-999999999.old-1');
    mkdirSync(path.join(leftover, 'p'), { recursive: true });
    // other content: a whole new folder swapped in (the client is reused: no Vite)
    const other = contentCopy();
    const site = JSON.parse(readFileSync(path.join(other, 'site.json'), 'utf8'));
    writeFileSync(path.join(other, 'site.json'), JSON.stringify({ ...site, name: 'Outro nome' }));
    await buildMini({ outDir, contentDir: other });
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(true);
    // the deletions run in a detached process: wait for them, without a fixed time
    await expect
      .poll(() => besideOutput(outDir).other, { timeout: 15_000, interval: 100 })
      .toEqual([]);
    const { previous } = besideOutput(outDir); // the build just replaced: kept for its readers
    expect(previous).toHaveLength(1);
    await buildMini({ outDir });
    await expect
      .poll(() => besideOutput(outDir).previous, { timeout: 15_000, interval: 100 })
      .not.toContain(previous[0]);
  });
});

describe('trailing slash', () => {
  it('"never" writes paths and links without the trailing slash', async () => {
    const result = await buildMini({ trailingSlash: 'never' });
    const page = snapshot(result.outDir);
    expect(Object.keys(page)).toContain('sobre/index.html');
    const { readFileSync } = await import('node:fs');
    const data = JSON.parse(
      readFileSync(path.join(result.outDir, 'page-data/sobre/page-data.json'), 'utf8'),
    );
    expect(data.path).toBe('/sobre');
    expect(readFileSync(path.join(result.outDir, 'index.html'), 'utf8')).toContain(
      '<a href="/sobre">',
    );
  });
});
