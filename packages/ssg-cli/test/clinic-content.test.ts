// Real: build() of the clinic site (packages/site) on broken copies of content/ in temporary
// folders, and the ssg command for exit codes. Faked: nothing.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, SsgError } from '../src/index.ts';
import { must, snapshot, tempDir } from './helpers.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');
const BIN = path.join(REPO, 'packages/ssg-cli/bin/ssg.mjs');

/** A copy of the clinic content with `edit` applied to one JSON file. */
type JsonObject = Record<string, unknown>;

/** `json[key][index]`, the object to break. */
const item = (json: JsonObject, key: string, index: number): JsonObject =>
  must((json[key] as JsonObject[])[index]);

function brokenContent(file: string, edit: (json: JsonObject) => void): string {
  const dir = path.join(tempDir(), 'content');
  cpSync(path.join(REPO, 'content'), dir, { recursive: true });
  const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  edit(json);
  writeFileSync(path.join(dir, file), JSON.stringify(json, null, 2));
  return dir;
}

async function issuesOf(contentDir: string, brand = 'vet') {
  const error = await build({
    root: REPO,
    contentDir,
    brand,
    outDir: path.join(tempDir(), 'out'),
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SsgError);
  expect((error as SsgError).code).toBe('CONTENT_INVALID');
  return (error as SsgError).issues;
}

describe('bad clinic content stops the build with every problem named', () => {
  it('a missing required field: file, JSON path and what to add', async () => {
    const issues = await issuesOf(
      brokenContent('units.json', (j) => delete item(j, 'units', 1).name),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ file: 'units.json', path: 'units[1].name' }),
    );
    expect(issues.find((i) => i.path === 'units[1].name')?.message).toMatch(/missing/);
  });

  it('a wrong type: the value found and the type expected', async () => {
    const issues = await issuesOf(
      brokenContent('units.json', (j) => (item(j, 'units', 2).address = 42)),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ file: 'units.json', path: 'units[2].address', value: 42 }),
    );
  });

  it('a whats that is not 13 digits', async () => {
    const issues = await issuesOf(
      brokenContent('units.json', (j) => (item(j, 'units', 0).whats = '1198765')),
    );
    const issue = issues.find((i) => i.path === 'units[0].whats');
    expect(issue).toMatchObject({ file: 'units.json', value: '1198765' });
    expect(issue?.message).toMatch(/13 digits/);
  });

  it('an image file that does not exist', async () => {
    const issues = await issuesOf(
      brokenContent('team.json', (j) => (item(j, 'team', 0).photoFilename = 'nao-existe.svg')),
    );
    const issue = issues.find((i) => i.file === 'team.json' && i.path.startsWith('team[0]'));
    expect(issue).toMatchObject({ value: 'nao-existe.svg' });
    expect(issue?.message).toMatch(/nao-existe\.svg|does not exist|não existe|not found/i);
  });

  it('a JSON syntax error: the file and where', async () => {
    const dir = brokenContent('company.json', () => {});
    writeFileSync(
      path.join(dir, 'company.json'),
      '{\n  "company": {\n    "companyName": "Amigo Fiel",\n  }\n',
    );
    const issues = await issuesOf(dir);
    expect(issues).toContainEqual(expect.objectContaining({ file: 'company.json' }));
    expect(issues.find((i) => i.file === 'company.json')?.message).toMatch(/line \d+/);
  });

  it('an unknown brand in a brand file', async () => {
    const dir = brokenContent('brands/med.json', (j) => {
      const badge = (j.badge ?? {}) as JsonObject;
      badge.type = 'pet';
      j.badge = badge;
    });
    const issues = await issuesOf(dir, 'med');
    expect(
      issues.some((i) => i.file === 'brands/med.json' && JSON.stringify(i.value) === '"pet"'),
    ).toBe(true);
  });

  it('lists every problem of the run, not only the first', async () => {
    const dir = brokenContent('units.json', (j) => {
      item(j, 'units', 0).whats = '123';
      delete item(j, 'units', 1).name;
    });
    writeFileSync(path.join(dir, 'company.json'), '{ nope');
    const issues = await issuesOf(dir);
    expect(issues.map((i) => `${i.file}:${i.path}`)).toEqual(
      expect.arrayContaining(['units.json:units[0].whats', 'units.json:units[1].name']),
    );
    expect(issues.some((i) => i.file === 'company.json')).toBe(true);
  });

  it('exits 1 from the command line and leaves the previous output untouched', () => {
    const out = path.join(tempDir(), 'site');
    expect(
      spawnSync(process.execPath, [BIN, 'build', '--out', out], { cwd: REPO, encoding: 'utf8' })
        .status,
    ).toBe(0);
    const before = snapshot(out);
    const dir = brokenContent('units.json', (j) => (item(j, 'units', 0).whats = '55 11 9'));
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
      brokenContent('brands/psico.json', (j) => {
        (j.home as JsonObject).titleSuffix = 'Comportamento em {cidde}';
      }),
      'psico',
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ file: 'brands/psico.json', path: 'home.titleSuffix' }),
    );
  });

  it("one brand's title suffix and hero figures show on its home page only", async () => {
    const contentDir = brokenContent('brands/psico.json', (j) => {
      const home = j.home as JsonObject;
      home.titleSuffix = 'Sufixo único da Psico';
      home.facts = [{ value: '42 sessões', label: 'figura própria da Psico' }];
    });
    const homes: Record<string, string> = {};
    // one folder, each brand in turn: every build after the first reuses the client bundle
    const outDir = path.join(tempDir(), 'site');
    for (const brand of ['vet', 'med', 'digital', 'psico', 'odonto']) {
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
