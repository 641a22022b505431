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

// biome-ignore lint/suspicious/noExplicitAny: each test edits the parsed JSON freely
type Edit = (json: any) => void;

async function editJson(abs: string, edit: Edit): Promise<void> {
  const json = JSON.parse(await readFile(abs, 'utf8'));
  edit(json);
  await writeFile(abs, JSON.stringify(json, null, 2));
}

/** A copy of content/ with `edit` applied to one JSON file. */
async function contentWith(file: string, edit: Edit): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'clinic-content-'));
  temps.push(dir);
  await cp(CONTENT, dir, { recursive: true });
  await editJson(path.join(dir, file), edit);
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

  it('refuses 100,000-deep JSON with CONTENT_INVALID-style issue naming the file, not a stack overflow', async () => {
    const dir = await contentWith('texts.json', () => {});
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    await writeFile(path.join(dir, 'texts.json'), `{\n  "h2": ${deep}\n}\n`);
    expect(await issuesOf(dir)).toEqual([
      {
        file: 'texts.json',
        path: '',
        value: undefined,
        message:
          'texts.json nests lists or objects more than 64 levels deep at line 2, column 72; no content needs that: remove the extra brackets there.',
      },
    ]);
  });

  it('refuses a file that is not UTF-8, naming the byte offset, line and column', async () => {
    const dir = await contentWith('company.json', () => {});
    const file = path.join(dir, 'company.json');
    const bytes = await readFile(file);
    // "São Paulo" as a Latin-1 editor saves it: ã (C3 A3 in UTF-8) becomes the one byte E3
    const at = bytes.indexOf(Buffer.from('São Paulo'));
    const latin1 = Buffer.concat([
      bytes.subarray(0, at + 1),
      Buffer.from([0xe3]),
      bytes.subarray(at + 3),
    ]);
    await writeFile(file, latin1);
    const before = bytes
      .subarray(0, at + 1)
      .toString('utf8')
      .split('\n');
    const [issue] = await issuesOf(dir);
    expect(issue).toEqual({
      file: 'company.json',
      path: '',
      value: undefined,
      message: `company.json is not valid UTF-8: the byte at offset ${at + 1} (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}) is 0xE3. Save the file as UTF-8 in your editor (it was likely saved as Latin-1 or Windows-1252), then check the accented letters there.`,
    });
  });

  it('accepts a byte order mark at the start of a content file and of a brand file', async () => {
    const dir = await contentWith('texts.json', () => {});
    for (const name of ['texts.json', 'brands/vet.json']) {
      const file = path.join(dir, name);
      await writeFile(file, `\uFEFF${await readFile(file, 'utf8')}`);
    }
    const withBom = await loadContent({ contentDir: dir, brand: 'vet' });
    const plain = await loadContent({ contentDir: CONTENT, brand: 'vet' });
    if (!withBom.ok) throw new Error(JSON.stringify(withBom.issues, null, 2));
    expect(plain.ok && { ...withBom.content, imagesDir: '' }).toEqual(
      plain.ok && { ...plain.content, imagesDir: '' },
    );
  });

  it('refuses a repeated service slug, naming both entries and the value', async () => {
    const dir = await contentWith('services.json', (j) => {
      j.services[3].slug = j.services[1].slug;
    });
    const issues = await issuesOf(dir);
    expect(issues).toEqual([
      {
        file: 'services.json',
        path: 'services[3].slug',
        value: 'vacinacao',
        message:
          '"services[3].slug" repeats "vacinacao" of "services[1].slug": the slug is the id of the service\'s card, the target of its #anchor, so each entry needs its own; change one of them or remove the repeated entry.',
      },
    ]);
  });

  it("refuses repeated names, ids and files in every list at once, the brand file's too", async () => {
    const dir = await contentWith('units.json', (j) => {
      j.units[1].name = j.units[0].name;
    });
    const edit = (file: string, change: Edit) => editJson(path.join(dir, file), change);
    await edit('team.json', (j) => j.team.push(j.team[0]));
    await edit('plans.json', (j) => {
      j.benefits.push({ ...j.benefits[0], title: 'Outro' });
      j.plans[0].benefits.push(j.plans[0].benefits[0]);
    });
    await edit('gallery.json', (j) => j.photos.push({ ...j.photos[0], caption: 'De novo' }));
    await edit('contact.json', (j) => j.plantao.push(j.plantao[0]));
    await edit('brands/vet.json', (j) => {
      j.home.facts[1].value = j.home.facts[0].value;
    });
    const issues = await issuesOf(dir);
    expect(issues.map((i) => `${i.file}:${i.path}`)).toEqual([
      'units.json:units[1].name',
      expect.stringMatching(/^team\.json:team\[\d+\]\.name$/),
      expect.stringMatching(/^plans\.json:benefits\[\d+\]\.id$/),
      expect.stringMatching(/^plans\.json:plans\[0\]\.benefits\[\d+\]$/),
      expect.stringMatching(/^gallery\.json:photos\[\d+\]\.file$/),
      expect.stringMatching(/^contact\.json:plantao\[\d+\]$/),
      'brands/vet.json:home.facts[1].value',
    ]);
    for (const issue of issues) {
      expect(issue.message).toMatch(
        /^".+" repeats .+ of ".+\[0\].*": .+; change one of them or remove the repeated entry\.$/,
      );
      expect(issue.message).toContain(JSON.stringify(issue.value));
    }
  });

  it('formats JSON paths with indexes', () => {
    expect(formatPath(['units', 2, 'whats'])).toBe('units[2].whats');
    expect(formatPath([])).toBe('');
  });
});
