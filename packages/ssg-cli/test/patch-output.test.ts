// Real: build() and the `ssg` command of the mini fixture site (the run's warm copies) with 40 pages
// read by loadData, into real folders with their real incremental cache; SIGKILL. Faked: the moment
// of each kill (SSG_FAULT). Content files are changed by hand between builds.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATCH_AT_MOST } from '../src/incremental/output-patch.ts';
import {
  besideOutput,
  buildMini,
  contentCopy,
  fileStamps,
  MINI_CLI_SITE,
  MINI_SITE,
  snapshot,
  tempDir,
} from './helpers.ts';

// build() and the compiled `ssg` each build a warm copy of their own (their caches differ by tool)
const root = MINI_SITE;
const contentDir = contentCopy();
const siteFile = path.join(contentDir, 'site.json');
const site = JSON.parse(readFileSync(siteFile, 'utf8'));
const pageFile = (slug: string) => path.join(contentDir, 'pages', `${slug}.json`);
const writePage = (slug: string, body: string) =>
  writeFileSync(pageFile(slug), JSON.stringify({ slug, title: `Sobre ${slug}`, body }));
const setPages = (slugs: string[]) => {
  site.lazyPages = slugs.map((slug) => ({ slug, title: `Sobre ${slug}` }));
  writeFileSync(siteFile, JSON.stringify(site));
};
const SLUGS = Array.from({ length: 40 }, (_, i) => `artigo-${i + 1}`);
mkdirSync(path.join(contentDir, 'pages'));
for (const slug of SLUGS) writePage(slug, `Texto do ${slug}.`);
setPages(SLUGS);

const outDir = path.join(tempDir(), 'site');
const build = () => buildMini({ root, contentDir, outDir });
/**
 * The same content built into a new folder of its own (no output, cache or page of its own to
 * reuse): what the output must equal. Not --force: the bundles Vite made for this code are the
 * same bytes anew (incremental.test.ts proves it), and --force ran both Vite builds for each check.
 */
const fromScratch = async () => {
  const fresh = path.join(tempDir(), 'fresh');
  const scratch = await buildMini({ root, contentDir, outDir: fresh });
  expect(scratch.reused.pages).toBe(0);
  return snapshot(fresh);
};

const stamps = () => fileStamps(outDir);
const changedFiles = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after })
    .filter((file) => before[file] !== after[file])
    .sort();
const filesOf = (slug: string) => [`${slug}/index.html`, `page-data/${slug}/page-data.json`];

describe('a build that changes few of the output files', () => {
  it('updates the output folder in place: only the changed pages are written', async () => {
    const first = await build();
    expect(first.reused.patched).toBe(false);
    const folder = statSync(outDir).ino;
    const before = stamps();
    writePage('artigo-7', 'Texto novo do artigo 7.');
    const result = await build();
    expect(result.reused.patched).toBe(true);
    expect(statSync(outDir).ino).toBe(folder); // not a new folder swapped in
    expect(readFileSync(path.join(outDir, 'artigo-7/index.html'), 'utf8')).toContain(
      'Texto novo do artigo 7.',
    );
    // the page's two files (and their compressed siblings), app-data (its build id digests the
    // data files), and what every build writes again: the host files, the offline page, the
    // worker and the client's chunks
    const written = changedFiles(before, stamps())
      .filter((file) => !/^(_ssg-host\/|_headers$|_ssg-offline\.html|sw\.js$|_ssg\/)/.test(file))
      .map((file) => file.replace(/\.(br|gz)$/, ''));
    expect([...new Set(written)]).toEqual(
      [...filesOf('artigo-7'), 'page-data/app-data.json'].sort(),
    );
    expect(snapshot(outDir)).toEqual(await fromScratch());
    // the staging folder, emptied, is deleted in the background
    await expect
      .poll(() => besideOutput(outDir).other, { timeout: 15_000, interval: 50 })
      .toEqual([]);
  });

  it('adds a new page and deletes a removed one with its folders', async () => {
    writePage('artigo-novo', 'Um artigo novo.');
    setPages([...SLUGS.filter((slug) => slug !== 'artigo-3'), 'artigo-novo']);
    const result = await build();
    expect(result.reused.patched).toBe(true);
    expect(existsSync(path.join(outDir, 'artigo-novo/index.html'))).toBe(true);
    expect(existsSync(path.join(outDir, 'artigo-3'))).toBe(false);
    expect(existsSync(path.join(outDir, 'page-data/artigo-3'))).toBe(false);
    expect(snapshot(outDir)).toEqual(await fromScratch());
  });

  it('writes again a kept file edited by hand since', async () => {
    const file = path.join(outDir, 'artigo-9/index.html');
    writeFileSync(file, 'editado à mão');
    writePage('artigo-10', 'Texto novo do artigo 10.');
    const result = await build();
    expect(result.reused.patched).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('Texto do artigo-9.');
    expect(snapshot(outDir)).toEqual(await fromScratch());
  });

  it(`swaps a whole new folder in when more than ${PATCH_AT_MOST * 100}% of the files change`, async () => {
    const folder = statSync(outDir).ino;
    for (const slug of SLUGS.slice(10, 20)) writePage(slug, `Texto revisto do ${slug}.`);
    const result = await build();
    expect(result.reused.patched).toBe(false);
    expect(statSync(outDir).ino).not.toBe(folder);
    expect(snapshot(outDir)).toEqual(await fromScratch());
  });

  it("keeps the size warning of an unchanged page's data", async () => {
    writePage('artigo-20', 'x'.repeat(140 * 1024));
    const warned = await build();
    const warning = warned.warnings.find((w) => w.includes('/artigo-20/'));
    expect(warning).toContain('The page-data of /artigo-20/ is');
    writePage('artigo-21', 'Texto novo do artigo 21.');
    const result = await build();
    expect(result.reused.patched).toBe(true);
    expect(result.warnings).toContain(warning);
  });
});

const BIN = path.resolve(import.meta.dirname, '../bin/ssg.mjs');
const ssgBuild = (out: string, fault?: string) => {
  const { SSG_FAULT: _f, FORCE_COLOR: _c, ...env } = process.env;
  return spawnSync(
    process.execPath,
    [BIN, 'build', '--root', MINI_CLI_SITE, '--content', contentDir, '--out', out],
    {
      encoding: 'utf8',
      env: { ...env, NO_COLOR: '1', ...(fault ? { SSG_FAULT: fault } : {}) },
      timeout: 120_000,
      killSignal: 'SIGKILL',
    },
  );
};
/** `fromScratch` by the same command: a copy's own bundles are not another copy's bytes. */
const cliFromScratch = () => {
  const fresh = path.join(tempDir(), 'fresh');
  const scratch = ssgBuild(fresh);
  expect(scratch.status, scratch.stderr).toBe(0);
  expect(scratch.stdout).toMatch(/reused: 0 of \d+ pages/);
  return snapshot(fresh);
};

describe('a patch killed with SIGKILL', () => {
  it.each([
    ['before-patch', 'the previous output'],
    ['mid-patch', 'some of the new files and none deleted'],
  ])(
    'at "%s" leaves %s, and the next build mends it',
    async (point, holds) => {
      writePage('artigo-31', 'Texto do artigo-31.');
      setPages(SLUGS.filter((slug) => slug !== 'artigo-3'));
      const out = path.join(tempDir(), 'site');
      expect(ssgBuild(out).status).toBe(0);
      const before = snapshot(out);
      writePage('artigo-30', `Texto do artigo 30 antes de "${point}".`);
      rmSync(pageFile('artigo-31'));
      setPages(SLUGS.filter((slug) => slug !== 'artigo-3' && slug !== 'artigo-31'));
      const killed = ssgBuild(out, point);
      expect(killed.signal, killed.stdout + killed.stderr).toBe('SIGKILL');
      if (holds === 'the previous output') expect(snapshot(out)).toEqual(before);
      else {
        expect(snapshot(out)).not.toEqual(before);
        expect(existsSync(path.join(out, 'artigo-31/index.html'))).toBe(true);
      }
      const next = ssgBuild(out);
      expect(next.status, next.stderr).toBe(0);
      expect(snapshot(out)).toEqual(cliFromScratch());
      // the killed build's staging folder is gone too
      await expect
        .poll(() => besideOutput(out).other, { timeout: 15_000, interval: 100 })
        .toEqual([]);
    },
    60_000,
  );
});

describe('a patch that fails while its files move', () => {
  it('(EIO after the first file) exits 1 with SWAP_FAILED saying the output is partly patched, and the next build mends it', async () => {
    const out = path.join(tempDir(), 'site');
    expect(ssgBuild(out).status).toBe(0);
    writePage('artigo-12', 'Texto do artigo 12 antes de um EIO.');
    const failed = ssgBuild(out, 'mid-patch:EIO');
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('ssg: [SWAP_FAILED] Putting the new build in place of');
    expect(failed.stderr).toContain('some of the new build’s files moved in (a patch cut short)');
    const next = ssgBuild(out);
    expect(next.status, next.stderr).toBe(0);
    expect(snapshot(out)).toEqual(cliFromScratch());
  }, 90_000);
});
