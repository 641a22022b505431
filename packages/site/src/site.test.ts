// @vitest-environment node
// Real: build() of the clinic site (this package) on broken copies of content/ in temporary folders, and the ssg command for exit codes. Faked: nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, SsgError } from '@ssg/cli';
import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.ts';
import { contentWith, tempFolder } from './test/content-copy.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');
const BIN = path.join(REPO, 'packages/ssg-cli/bin/ssg.mjs');

/** Relative path → sha256 of each file below `dir`: equal exactly when no byte changed. */
const snapshot = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => statSync(path.join(dir, file)).isFile())
      .sort()
      .map((file) => [
        file,
        createHash('sha256')
          .update(readFileSync(path.join(dir, file)))
          .digest('hex'),
      ]),
  );

async function issuesOf(contentDir: string, brand = 'vet') {
  const error = await build({
    root: REPO,
    contentDir,
    brand,
    outDir: path.join(await tempFolder(), 'out'),
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SsgError);
  expect((error as SsgError).code).toBe('CONTENT_INVALID');
  return (error as SsgError).issues;
}

describe('bad clinic content stops the build with every problem named', { timeout: 60_000 }, () => {
  it('a missing required field: file, JSON path and what to add', async () => {
    const issues = await issuesOf(await contentWith('units.json', (j) => delete j.units[1].name));
    expect(issues).toContainEqual(
      expect.objectContaining({ file: 'units.json', path: 'units[1].name' }),
    );
    expect(issues.find((i) => i.path === 'units[1].name')?.message).toMatch(/missing/);
  });

  it('a wrong type: the value found and the type expected', async () => {
    const issues = await issuesOf(
      await contentWith('units.json', (j) => {
        j.units[2].address = 42;
      }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ file: 'units.json', path: 'units[2].address', value: 42 }),
    );
  });

  it('a whats that is not 13 digits', async () => {
    const issues = await issuesOf(
      await contentWith('units.json', (j) => {
        j.units[0].whats = '1198765';
      }),
    );
    const issue = issues.find((i) => i.path === 'units[0].whats');
    expect(issue).toMatchObject({ file: 'units.json', value: '1198765' });
    expect(issue?.message).toMatch(/13 digits/);
  });

  it('an image file that does not exist', async () => {
    const issues = await issuesOf(
      await contentWith('team.json', (j) => {
        j.team[0].photoFilename = 'nao-existe.svg';
      }),
    );
    const issue = issues.find((i) => i.file === 'team.json' && i.path.startsWith('team[0]'));
    expect(issue).toMatchObject({ value: 'nao-existe.svg' });
    expect(issue?.message).toMatch(/nao-existe\.svg|does not exist|não existe|not found/i);
  });

  it('a JSON syntax error: the file and where', async () => {
    const dir = await contentWith('company.json', () => {});
    await writeFile(
      path.join(dir, 'company.json'),
      '{\n  "company": {\n    "companyName": "Amigo Fiel",\n  }\n',
    );
    const issues = await issuesOf(dir);
    expect(issues).toContainEqual(expect.objectContaining({ file: 'company.json' }));
    expect(issues.find((i) => i.file === 'company.json')?.message).toMatch(/line \d+/);
  });

  it('an unknown brand in a brand file', async () => {
    const dir = await contentWith('brands/med.json', (j) => {
      j.badge = { ...j.badge, type: 'pet' };
    });
    const issues = await issuesOf(dir, 'med');
    expect(
      issues.some((i) => i.file === 'brands/med.json' && JSON.stringify(i.value) === '"pet"'),
    ).toBe(true);
  });

  it('lists every problem of the run, not only the first', async () => {
    const dir = await contentWith('units.json', (j) => {
      j.units[0].whats = '123';
      delete j.units[1].name;
    });
    await writeFile(path.join(dir, 'company.json'), '{ nope');
    const issues = await issuesOf(dir);
    expect(issues.map((i) => `${i.file}:${i.path}`)).toEqual(
      expect.arrayContaining(['units.json:units[0].whats', 'units.json:units[1].name']),
    );
    expect(issues.some((i) => i.file === 'company.json')).toBe(true);
  });

  it('exits 1 from the command line and leaves the previous output untouched', async () => {
    const out = path.join(await tempFolder(), 'site');
    expect(
      spawnSync(process.execPath, [BIN, 'build', '--out', out], { cwd: REPO, encoding: 'utf8' })
        .status,
    ).toBe(0);
    const before = snapshot(out);
    const dir = await contentWith('units.json', (j) => {
      j.units[0].whats = '55 11 9';
    });
    const run = spawnSync(process.execPath, [BIN, 'build', '--out', out, '--content', dir], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('units.json at units[0].whats (found "55 11 9")');
    expect(snapshot(out)).toEqual(before);
  });
});

describe('each brand speaks as itself', () => {
  it("an unknown placeholder in a brand's home texts is a content issue", async () => {
    const issues = await issuesOf(
      await contentWith('brands/psico.json', (j) => {
        j.home.titleSuffix = 'Comportamento em {cidde}';
      }),
      'psico',
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ file: 'brands/psico.json', path: 'home.titleSuffix' }),
    );
  }, 60_000);

  it("one brand's title suffix and hero figures show on its home page only", async () => {
    const contentDir = await contentWith('brands/psico.json', (j) => {
      j.home.titleSuffix = 'Sufixo único da Psico';
      j.home.facts = [{ value: '42 sessões', label: 'figura própria da Psico' }];
    });
    const homes: Record<string, string> = {};
    // one folder, each brand in turn: every build after the first reuses the client bundle
    const outDir = path.join(await tempFolder(), 'site');
    for (const brand of BRANDS) {
      await build({ root: REPO, contentDir, brand, outDir });
      homes[brand] = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    }
    expect(homes.psico).toContain('<title>Amigo Fiel Psico | Sufixo único da Psico</title>');
    expect(homes.psico).toMatch(/<strong>42 sessões<\/strong><span>figura própria da Psico/);
    expect(homes.psico).not.toContain('24 horas</strong>');
    for (const brand of ['vet', 'med', 'digital', 'odonto']) {
      expect(homes[brand], brand).not.toContain('Sufixo único da Psico');
      expect(homes[brand], brand).not.toContain('42 sessões');
    }
    expect(homes.vet).toMatch(/<strong>24 horas<\/strong>/);
  }, 180_000);
});
