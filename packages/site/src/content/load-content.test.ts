// @vitest-environment node
// Real loader over the real content/ folder and over temporary copies with one fault each; no fakes.
import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '../brands.ts';
import { CONTENT, contentWith, issuesOf } from '../test/content-copy.ts';
import { loadContent } from './load-content.ts';

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

describe('the files and the brand read', () => {
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
});

describe('a content file as bytes', () => {
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
});

describe('the brand merged over the base', () => {
  it('keeps an eyebrow of the base company.json when the brand sets none', async () => {
    const dir = await contentWith('company.json', (j) => {
      j.eyebrow = 'Clínica veterinária 24 horas em {cidade}';
    });
    const result = await loadContent({ contentDir: dir, brand: 'vet' });
    expect(result.ok && result.content.company.eyebrow).toBe(
      'Clínica veterinária 24 horas em {cidade}',
    );
  });
});
