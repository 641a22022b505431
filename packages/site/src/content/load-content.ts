/**
 * Reads content/*.json and content/brands/<brand>.json, validates every file and merges the
 * brand over the base. Never throws for bad content: every problem of the run is returned.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type ContentIssue,
  type ContentJson,
  type ContentResult,
  parseContentJson,
} from '@ssg/cli/site';
import type { z } from 'zod';
import { BRANDS } from '../brands.ts';
import { brandFile, CONTENT_FILES, type Content, type ContentFiles } from './schema.ts';
import { check } from './schema-issues.ts';
import { repeatedEntries } from './unique-entries.ts';
import { brokenCharacters } from './well-formed-text.ts';

/** A content file as JSON: missing, not UTF-8, too deep or malformed gives one issue naming the place. */
async function readJson(dir: string, file: string): Promise<ContentJson> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path.join(dir, file));
  } catch {
    return {
      ok: false,
      issue: {
        file,
        path: '',
        value: undefined,
        message: `The file ${file} is missing from the content folder; create it (see content/README.md for its fields).`,
      },
    };
  }
  return parseContentJson(file, bytes);
}

export async function loadContent({
  contentDir,
  brand,
}: {
  contentDir: string;
  brand: string;
}): Promise<ContentResult<Content>> {
  const issues: ContentIssue[] = [];
  const read: string[] = [];
  const brandName = `brands/${brand}.json`;

  const names = Object.keys(CONTENT_FILES) as Array<keyof typeof CONTENT_FILES>;
  const parsed = await Promise.all(names.map((f) => readJson(contentDir, f)));
  const files: Partial<ContentFiles> = {};
  names.forEach((name, i) => {
    const p = parsed[i];
    if (!p) return; // one result per name
    read.push(path.join(contentDir, name));
    if (!p.ok) {
      issues.push(p.issue);
      return;
    }
    issues.push(...brokenCharacters(name, p.json));
    const data = check(name, CONTENT_FILES[name], p.json, issues);
    if (data !== undefined) (files as Record<string, unknown>)[name] = data;
  });

  let brandData: z.infer<typeof brandFile> | undefined;
  if (!(BRANDS as readonly string[]).includes(brand)) {
    issues.push({
      file: brandName,
      path: '',
      value: brand,
      message: `Unknown brand "${brand}": choose one of ${BRANDS.join(', ')}.`,
    });
  } else {
    read.push(path.join(contentDir, brandName));
    const p = await readJson(contentDir, brandName);
    if (!p.ok) issues.push(p.issue);
    else {
      issues.push(...brokenCharacters(brandName, p.json));
      brandData = check(brandName, brandFile, p.json, issues);
    }
  }

  // Only check image files once the names themselves are valid.
  const imagesDir = path.join(contentDir, 'images');
  const needImage = (file: string, at: string, name: string) => {
    if (!existsSync(path.join(imagesDir, name)))
      issues.push({
        file,
        path: at,
        value: name,
        message: `The image "${name}" does not exist in content/images; add the file or correct the name.`,
      });
  };
  const f0 = files;
  for (const [i, m] of (f0['team.json']?.team ?? []).entries())
    needImage('team.json', `team[${i}].photoFilename`, m.photoFilename);
  if (f0['curriculum.json'])
    needImage(
      'curriculum.json',
      'curriculum.photoFilename',
      f0['curriculum.json'].curriculum.photoFilename,
    );
  for (const [i, p] of (f0['partners.json']?.partners ?? []).entries())
    needImage('partners.json', `partners[${i}].logo`, p.logo);
  for (const [i, p] of (f0['partners.json']?.covenants ?? []).entries())
    needImage('partners.json', `covenants[${i}].logo`, p.logo);
  for (const [i, p] of (f0['gallery.json']?.photos ?? []).entries())
    needImage('gallery.json', `photos[${i}].file`, p.file);
  for (const [i, v] of (f0['gallery.json']?.videos ?? []).entries())
    needImage('gallery.json', `videos[${i}].poster`, v.poster);
  for (const [n, img] of Object.entries(f0['images.json'] ?? {}))
    needImage('images.json', `${n}.file`, img.file);
  for (const [n, img] of Object.entries(brandData?.images ?? {}))
    if (img) needImage(brandName, `images.${n}.file`, img.file);

  // Plans may only list benefits that exist.
  const plans = files['plans.json'];
  if (plans) {
    const ids = new Set(plans.benefits.map((b) => b.id));
    for (const [i, plan] of plans.plans.entries())
      for (const [j, b] of plan.benefits.entries())
        if (!ids.has(b))
          issues.push({
            file: 'plans.json',
            path: `plans[${i}].benefits[${j}]`,
            value: b,
            message: `The benefit "${b}" is not defined: use one of ${[...ids].join(', ')} or add it to "benefits".`,
          });
  }

  issues.push(...repeatedEntries(files, { file: brandName, data: brandData }));

  if (issues.length > 0 || !brandData) return { ok: false, issues };
  const f = files as ContentFiles;
  const content: Content = {
    brand,
    site: { ...f['site.json'], ...brandData.site },
    company: { ...f['company.json'], ...brandData.company },
    home: brandData.home,
    social: f['social.json'],
    contact: f['contact.json'],
    units: f['units.json'].units,
    team: f['team.json'].team,
    plans: f['plans.json'],
    partners: f['partners.json'].partners,
    covenants: f['partners.json'].covenants,
    curriculum: f['curriculum.json'].curriculum,
    services: f['services.json'].services,
    pages: f['pages.json'],
    countdown: f['countdown.json'],
    texts: f['texts.json'],
    gallery: f['gallery.json'],
    images: { ...f['images.json'], ...(brandData.images as Partial<ContentFiles['images.json']>) },
    badge: brandData.badge,
    theme: brandData.theme,
    imagesDir,
  };
  return { ok: true, content, files: read };
}
