// Real: build() of a copy of the mini fixture site, four times into one real folder, with its real
// incremental cache. Faked: nothing; content, code and output files are changed by hand between.
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildMini,
  contentCopy,
  fileStamps,
  miniSiteCopy,
  must,
  snapshot,
  tempDir,
} from './helpers.ts';

const root = miniSiteCopy();
const contentDir = contentCopy();
const outDir = path.join(tempDir(), 'site');
const build = () => buildMini({ root, contentDir, outDir });

const stamps = () => fileStamps(outDir);

const appData = () =>
  JSON.parse(readFileSync(path.join(outDir, 'page-data/app-data.json'), 'utf8')) as {
    compilationHash: string;
  };

/** The worker's precache revision of each file. */
const revisions = (): Record<string, string> => {
  const sw = readFileSync(path.join(outDir, 'sw.js'), 'utf8');
  const entries = [...sw.matchAll(/\{"url":"([^"]+)","revision":"([0-9a-f]{32})"\}/g)];
  return Object.fromEntries(entries.map((m) => [m[1], m[2]]));
};

const SOBRE = ['sobre/index.html', 'page-data/sobre/page-data.json'];
const OTHERS = [
  'index.html',
  'servicos/index.html',
  '404.html',
  '500.html',
  'page-data/index/page-data.json',
  'page-data/servicos/page-data.json',
];

describe('a warm build after a change', () => {
  let hash = '';

  it("of one page's content rewrites that page only; the compilation hash stays", async () => {
    const first = await build();
    hash = first.compilationHash;
    const before = { files: snapshot(outDir), stamps: stamps(), revisions: revisions() };
    const file = path.join(contentDir, 'site.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.pages[0].body = 'Somos uma clínica pequena, desde 1990.';
    writeFileSync(file, JSON.stringify(json));

    const second = await build();
    expect(second.compilationHash).toBe(hash);
    expect(appData().compilationHash).toBe(hash);
    const after = { files: snapshot(outDir), stamps: stamps(), revisions: revisions() };
    for (const name of OTHERS) {
      expect(after.files[name], name).toBe(before.files[name]);
      expect(after.stamps[name], `${name} was written again`).toBe(before.stamps[name]);
      expect(after.revisions[name], name).toBe(before.revisions[name]);
    }
    for (const name of SOBRE) {
      expect(after.files[name], name).not.toBe(before.files[name]);
      expect(after.stamps[name], name).not.toBe(before.stamps[name]);
    }
    expect(readFileSync(path.join(outDir, must(SOBRE[0])), 'utf8')).toContain('desde 1990');
    // the worker precaches the page's new bytes: a new revision, so it fetches them
    expect(after.revisions['sobre/index.html']).not.toBe(before.revisions['sobre/index.html']);
  });

  it('puts back files deleted or edited by hand in the output, with nothing else changed', async () => {
    const before = { files: snapshot(outDir), stamps: stamps() };
    rmSync(path.join(outDir, 'servicos/index.html'));
    rmSync(path.join(outDir, 'page-data/sobre/page-data.json'));
    appendFileSync(path.join(outDir, 'index.html'), '<!-- edited by hand -->');

    const warm = await build();
    expect(warm.reused.output).toBe(false);
    expect(snapshot(outDir)).toEqual(before.files);
    // the files left alone by hand were left alone by the build too
    expect(stamps()['404.html']).toBe(before.stamps['404.html']);
    expect(stamps()['page-data/servicos/page-data.json']).toBe(
      before.stamps['page-data/servicos/page-data.json'],
    );
  });

  it("of a component's code changes the compilation hash, and every page carries the new one", async () => {
    const page = path.join(root, 'src/pages/page.tsx');
    writeFileSync(page, readFileSync(page, 'utf8').replace('<h1>', '<h1 className="titulo">'));
    const result = await build();
    expect(result.compilationHash).not.toBe(hash);
    expect(appData().compilationHash).toBe(result.compilationHash);
    for (const name of [...OTHERS, ...SOBRE].filter((n) => n.endsWith('.html'))) {
      const html = readFileSync(path.join(outDir, name), 'utf8');
      expect(html, name).toContain(`content="${result.compilationHash}"`);
    }
  });
});
