/** Test helper: temporary copies of the real content/ folder with one fault each, removed after each test. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { loadContent } from '../content/load-content.ts';

/** The clinic's real content folder. */
export const CONTENT = path.resolve(import.meta.dirname, '../../../../content');

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

// biome-ignore lint/suspicious/noExplicitAny: each test edits the parsed JSON freely
export type Edit = (json: any) => void;

export async function editJson(abs: string, edit: Edit): Promise<void> {
  const json = JSON.parse(await readFile(abs, 'utf8'));
  edit(json);
  await writeFile(abs, JSON.stringify(json, null, 2));
}

/** A copy of content/ with `edit` applied to one JSON file. */
export async function contentWith(file: string, edit: Edit): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'clinic-content-'));
  temps.push(dir);
  await cp(CONTENT, dir, { recursive: true });
  await editJson(path.join(dir, file), edit);
  return dir;
}

/** The issues the site's loader reports for `dir`; fails the test when it loads. */
export async function issuesOf(dir: string, brand = 'vet') {
  const result = await loadContent({ contentDir: dir, brand });
  if (result.ok) throw new Error('expected content issues');
  return result.issues;
}

/** An empty temporary folder, removed after the test. */
export async function tempFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'clinic-site-'));
  temps.push(dir);
  return dir;
}
