// @vitest-environment node
// Real loader over temporary copies of the real content/ with repeated entries; no fakes.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentWith, type Edit, editJson, issuesOf } from '../test/content-copy.ts';

describe('entries of a list that must differ', () => {
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
});
