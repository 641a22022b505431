/**
 * Entries of a list that must differ: a service's slug is its card's id (the page's #anchor), and
 * names, ids, files and phone numbers key their lists for React (a repeated key shows one entry
 * twice or drops one when the page updates). A repeat is refused, naming both entries.
 */
import type { ContentIssue } from '@ssg/cli/site';
import type { BrandFile, ContentFiles } from './schema.ts';

/** One list whose entries (or one field of each) must differ. */
interface UniqueList {
  file: string;
  /** JSON path of the list, e.g. `plans[0].benefits`. */
  at: string;
  items: readonly unknown[];
  /** The field of each entry that must differ; none for a list of texts. */
  key: string | undefined;
  /** Why the value must differ, as the middle of the sentence. */
  why: string;
}

const KEYS = 'the page tells the entries of this list apart by it';

/** An issue for each entry whose value an earlier entry of its list already has. */
function repeats({ file, at, items, key, why }: UniqueList): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const first = new Map<unknown, string>();
  for (const [i, item] of items.entries()) {
    const value = key ? (item as Record<string, unknown>)[key] : item;
    const here = `${at}[${i}]${key ? `.${key}` : ''}`;
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, here);
    else
      issues.push({
        file,
        path: here,
        value,
        message: `"${here}" repeats ${JSON.stringify(value)} of "${earlier}": ${why}, so each entry needs its own; change one of them or remove the repeated entry.`,
      });
  }
  return issues;
}

/** Every repeated slug, id, name, file or number in the valid files and in the brand's file. */
export function repeatedEntries(
  files: Partial<ContentFiles>,
  brand: { file: string; data: BrandFile | undefined },
): ContentIssue[] {
  const lists: UniqueList[] = [];
  const add = (
    file: string,
    at: string,
    items: readonly unknown[] | undefined,
    key?: string,
    why = KEYS,
  ) => {
    if (items) lists.push({ file, at, items, key, why });
  };
  const slug = "the slug is the id of the service's card, the target of its #anchor";
  add('services.json', 'services', files['services.json']?.services, 'slug', slug);
  add('units.json', 'units', files['units.json']?.units, 'name');
  add('team.json', 'team', files['team.json']?.team, 'name');
  const plans = files['plans.json'];
  add('plans.json', 'plans', plans?.plans, 'name');
  add('plans.json', 'benefits', plans?.benefits, 'id', 'plans name their benefits by id');
  for (const [i, plan] of (plans?.plans ?? []).entries())
    add(
      'plans.json',
      `plans[${i}].benefits`,
      plan.benefits,
      undefined,
      'a plan lists a benefit once',
    );
  add('partners.json', 'partners', files['partners.json']?.partners, 'name');
  add('partners.json', 'covenants', files['partners.json']?.covenants, 'name');
  add('gallery.json', 'photos', files['gallery.json']?.photos, 'file');
  add('gallery.json', 'videos', files['gallery.json']?.videos, 'url');
  const contact = files['contact.json'];
  for (const group of ['agendamento', 'fixos', 'plantao', 'whatsapp'] as const)
    add('contact.json', group, contact?.[group]);
  add('contact.json', 'horarios', contact?.horarios, 'dias');
  const curriculum = files['curriculum.json']?.curriculum;
  add('curriculum.json', 'curriculum.education', curriculum?.education);
  add('curriculum.json', 'curriculum.experience', curriculum?.experience);
  add(brand.file, 'home.facts', brand.data?.home.facts, 'value');
  return lists.flatMap(repeats);
}
