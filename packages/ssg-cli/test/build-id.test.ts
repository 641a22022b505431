// Real: build() of the mini fixture site (a copy of its content) into real folders, with its real
// incremental cache. Faked: nothing; the content is changed by hand between builds.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMini, contentCopy, tempDir } from './helpers.ts';

const appData = (outDir: string) =>
  JSON.parse(readFileSync(path.join(outDir, 'page-data/app-data.json'), 'utf8')) as {
    compilationHash: string;
    buildId: string;
  };

describe("app-data's build id", () => {
  it('is the same for two builds of the same input, and app-data byte-identical', async () => {
    const contentDir = contentCopy();
    const [a, b] = [path.join(tempDir(), 'site'), path.join(tempDir(), 'site')];
    await buildMini({ contentDir, outDir: a });
    await buildMini({ contentDir, outDir: b });
    const read = (dir: string) => readFileSync(path.join(dir, 'page-data/app-data.json'), 'utf8');
    expect(read(b)).toBe(read(a));
    expect(appData(a).buildId).toMatch(/^[0-9a-f]{20}$/);
  });

  it("changes with a page's text, under the same compilation hash, also when the folder is patched", async () => {
    const contentDir = contentCopy();
    const outDir = path.join(tempDir(), 'site');
    const first = await buildMini({ contentDir, outDir });
    const before = appData(outDir);
    const file = path.join(contentDir, 'site.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.pages[0].body = 'Somos uma clínica pequena, desde 1990.';
    writeFileSync(file, JSON.stringify(json));

    const second = await buildMini({ contentDir, outDir });
    const after = appData(outDir);
    expect(second.compilationHash).toBe(first.compilationHash);
    expect(after.compilationHash).toBe(before.compilationHash);
    expect(after.buildId).not.toBe(before.buildId);

    // back to the first text: the first build's id again
    json.pages[0].body = 'Somos uma clínica pequena.';
    writeFileSync(file, JSON.stringify(json));
    await buildMini({ contentDir, outDir });
    expect(appData(outDir)).toEqual(before);
  });
});
