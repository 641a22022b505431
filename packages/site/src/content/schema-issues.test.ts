// @vitest-environment node
// Real loader and schemas over temporary copies of the real content/ with one bad field each; no fakes.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentWith, issuesOf } from '../test/content-copy.ts';

describe('a bad field: file, JSON path, value and the fix', () => {
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
});
