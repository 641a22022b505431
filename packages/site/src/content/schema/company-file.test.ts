// @vitest-environment node
// Real loader and schemas over temporary copies of the real content/ with one bad eyebrow each; no fakes.
import { describe, expect, it } from 'vitest';
import { contentWith, issuesOf } from '../../test/content-copy.ts';

describe("a brand's eyebrow", () => {
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
});
