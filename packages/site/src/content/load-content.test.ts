// @vitest-environment node
// Real loader over the real content/ folder and over temporary copies with one fault each; no fakes.
import { cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BRANDS } from '../brands.ts';
import { formatPath, loadContent } from './load-content.ts';

const CONTENT = path.resolve(import.meta.dirname, '../../../../content');
const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A copy of content/ with `edit` applied to one JSON file. */
// biome-ignore lint/suspicious/noExplicitAny: each test edits the parsed JSON freely
async function contentWith(file: string, edit: (json: any) => void): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'clinic-content-'));
  temps.push(dir);
  await cp(CONTENT, dir, { recursive: true });
  const abs = path.join(dir, file);
  const json = JSON.parse(await readFile(abs, 'utf8'));
  edit(json);
  await writeFile(abs, JSON.stringify(json, null, 2));
  return dir;
}

async function issuesOf(dir: string, brand = 'vet') {
  const result = await loadContent({ contentDir: dir, brand });
  if (result.ok) throw new Error('expected content issues');
  return result.issues;
}

describe('the real content', () => {
  it.each(BRANDS)(
    'loads for brand %s with the brand badge and colours merged in',
    async (brand) => {
      const result = await loadContent({ contentDir: CONTENT, brand });
      if (!result.ok) throw new Error(JSON.stringify(result.issues, null, 2));
      expect(result.content.badge.type).toBe(brand);
      expect(result.content.theme.primary).toMatch(/^#/);
      expect(result.content.units.length).toBeGreaterThan(1);
      expect(result.files).toContain(path.join(CONTENT, `brands/${brand}.json`));
    },
  );
  it('gives each brand an eyebrow saying what it is, the vet text by default', async () => {
    const eyebrows: Record<string, string> = {};
    for (const brand of BRANDS) {
      const result = await loadContent({ contentDir: CONTENT, brand });
      if (result.ok) eyebrows[brand] = result.content.company.eyebrow;
    }
    expect(eyebrows).toEqual({
      vet: 'Clínica veterinária em {cidade}',
      med: 'Hospital veterinário 24 horas em {cidade}',
      digital: 'Teleorientação veterinária online',
      psico: 'Comportamento animal em {cidade}',
      odonto: 'Odontologia veterinária em {cidade}',
    });
  });
  it('overrides names per brand', async () => {
    const med = await loadContent({ contentDir: CONTENT, brand: 'med' });
    expect(med.ok && med.content.company.companyName).toBe('Amigo Fiel Hospital Veterinário');
    expect(med.ok && med.content.company.cidade).toBe('São Paulo');
  });
});

describe('bad content', () => {
  it('reports a JSON syntax error with line and column', async () => {
    const dir = await contentWith('company.json', () => {});
    await writeFile(
      path.join(dir, 'company.json'),
      '{\n  "companyName": "X",\n  "subtitle": "Y"\n  "slogan": "Z"\n}\n',
    );
    const [issue] = await issuesOf(dir);
    expect(issue).toMatchObject({ file: 'company.json', path: '' });
    expect(issue?.message).toMatch(
      /^company\.json is not valid JSON at line 4, column 3: .+\. Fix the syntax there/,
    );
  });

  it('reports an unknown brand with the accepted ones', async () => {
    const issues = await issuesOf(CONTENT, 'vett');
    expect(issues).toEqual([
      {
        file: 'brands/vett.json',
        path: '',
        value: 'vett',
        message: 'Unknown brand "vett": choose one of vet, med, digital, psico, odonto.',
      },
    ]);
  });

  it('reports a whats number that is not 13 digits, with file, path, value and the fix', async () => {
    const dir = await contentWith('units.json', (j) => {
      j.units[2].whats = '(11) 96543-2109';
    });
    const issues = await issuesOf(dir);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      file: 'units.json',
      path: 'units[2].whats',
      value: '(11) 96543-2109',
    });
    expect(issues[0]?.message).toMatch(/13 digits.*"5511987654321".*remove spaces/);
  });

  it('reports an image file that does not exist', async () => {
    const dir = await contentWith('team.json', (j) => {
      j.team[1].photoFilename = 'equipe-ninguem.svg';
    });
    expect(await issuesOf(dir)).toEqual([
      {
        file: 'team.json',
        path: 'team[1].photoFilename',
        value: 'equipe-ninguem.svg',
        message:
          'The image "equipe-ninguem.svg" does not exist in content/images; add the file or correct the name.',
      },
    ]);
  });

  it('reports a missing field and a wrong type', async () => {
    const dir = await contentWith('company.json', (j) => {
      delete j.slogan;
      j.cidade = 42;
    });
    const issues = await issuesOf(dir);
    expect(issues).toContainEqual({
      file: 'company.json',
      path: 'slogan',
      value: undefined,
      message: '"slogan" is missing: add it as a string.',
    });
    const cidade = issues.find((i) => i.path === 'cidade');
    expect(cidade).toMatchObject({ file: 'company.json', value: 42 });
    expect(cidade?.message).toMatch(
      /^"cidade": Expected the city \(cidade\) as text\. It is a number now\.$/,
    );
  });

  it('reports a misspelt field', async () => {
    const dir = await contentWith('social.json', (j) => {
      j.instagram = { usuario: 'x' };
    });
    const issues = await issuesOf(dir);
    expect(issues).toContainEqual(
      expect.objectContaining({ file: 'social.json', path: 'instagram.usuario', value: 'x' }),
    );
    expect(issues.find((i) => i.path === 'instagram.usuario')?.message).toMatch(
      /Unknown field "usuario".*check the spelling/,
    );
    expect(issues).toContainEqual(
      expect.objectContaining({
        path: 'instagram.user',
        message: '"instagram.user" is missing: add it as a string.',
      }),
    );
  });

  it('reports a missing file', async () => {
    const dir = await contentWith('countdown.json', () => {});
    await unlink(path.join(dir, 'countdown.json'));
    expect(await issuesOf(dir)).toContainEqual(
      expect.objectContaining({
        file: 'countdown.json',
        path: '',
        message: expect.stringMatching(/is missing.*create it/),
      }),
    );
  });

  it('reports a bad badge type in a brand file', async () => {
    const dir = await contentWith('brands/med.json', (j) => {
      j.badge.type = 'hospital';
    });
    const issues = await issuesOf(dir, 'med');
    expect(issues).toEqual([
      expect.objectContaining({
        file: 'brands/med.json',
        path: 'badge.type',
        value: 'hospital',
        message: expect.stringMatching(/"vet", "med", "digital", "psico" or "odonto"/),
      }),
    ]);
  });

  it('reports an eyebrow with an unknown placeholder, with file, path, value and the fix', async () => {
    const dir = await contentWith('brands/odonto.json', (j) => {
      j.company.eyebrow = 'Odontologia veterinária em {cidad}';
    });
    expect(await issuesOf(dir, 'odonto')).toEqual([
      {
        file: 'brands/odonto.json',
        path: 'company.eyebrow',
        value: 'Odontologia veterinária em {cidad}',
        message:
          '"company.eyebrow": Unknown placeholder "{cidad}": the only one replaced is {cidade} (the city), e.g. "Odontologia veterinária em {cidade}"; remove it or correct its spelling.',
      },
    ]);
  });

  it('reports an eyebrow too long for its one line', async () => {
    const long = 'Teleorientação veterinária online para cães, gatos e pets exóticos';
    const dir = await contentWith('brands/digital.json', (j) => {
      j.company.eyebrow = long;
    });
    expect(await issuesOf(dir, 'digital')).toEqual([
      expect.objectContaining({
        file: 'brands/digital.json',
        path: 'company.eyebrow',
        value: long,
        message:
          '"company.eyebrow": Expected a short eyebrow of at most 60 characters; it is the short line above the home page title.',
      }),
    ]);
  });

  it('keeps an eyebrow of the base company.json when the brand sets none', async () => {
    const dir = await contentWith('company.json', (j) => {
      j.eyebrow = 'Clínica veterinária 24 horas em {cidade}';
    });
    const result = await loadContent({ contentDir: dir, brand: 'vet' });
    expect(result.ok && result.content.company.eyebrow).toBe(
      'Clínica veterinária 24 horas em {cidade}',
    );
  });

  it('collects every issue of the run across files', async () => {
    const dir = await contentWith('units.json', (j) => {
      j.units[0].whats = '123';
      j.units[1].tel = 'abc';
    });
    const countdown = path.join(dir, 'countdown.json');
    const json = JSON.parse(await readFile(countdown, 'utf8'));
    json.eventDate = '13/03/2027';
    await writeFile(countdown, JSON.stringify(json));
    const issues = await issuesOf(dir);
    expect(issues.map((i) => `${i.file}:${i.path}`).sort()).toEqual([
      'countdown.json:eventDate',
      'units.json:units[0].whats',
      'units.json:units[1].tel',
    ]);
    for (const issue of issues) expect(issue.message).toMatch(/^".+": .+\.$/);
  });

  it('formats JSON paths with indexes', () => {
    expect(formatPath(['units', 2, 'whats'])).toBe('units[2].whats');
    expect(formatPath([])).toBe('');
  });
});
