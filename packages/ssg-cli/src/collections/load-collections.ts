// collections(): a site's loadContent made of collections; every problem of every file at once.
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';
import type { ContentIssue } from '../errors.ts';
import type { ContentInput, ContentResult } from '../site/index.ts';
import type { AnyCollection, EntriesOf, Entry } from './define.ts';
import { digestOf, type EntryCache, type Outcome, openEntryCache } from './entry-cache.ts';
import { type Format, formatOf, parseFile } from './formats.ts';
import { resolveImages } from './image-field.ts';
import { toContentIssue } from './issues.ts';
import { renderMarkdown } from './markdown.ts';

/** What `collections()` gives the site: each collection's entries under its name. */
export type CollectionsContent<Defs extends Record<string, AnyCollection>> = {
  [Name in keyof Defs]: EntriesOf<Defs[Name]>;
};

const GLOB_CHARS = /[*?[\]{}!()]/;

/** The folder part of a glob before its first wildcard: entry ids are relative to it. */
const baseOf = (pattern: string): string => {
  const fixed: string[] = [];
  for (const segment of pattern.split('/').slice(0, -1)) {
    if (GLOB_CHARS.test(segment)) break;
    fixed.push(segment);
  }
  return fixed.join('/');
};

const isInside = (file: string, dir: string): boolean => {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

const withoutExtension = (file: string): string => file.replace(/\.[^./]+$/, '');

/** A pattern that could reach outside the content folder: the problem, else undefined. */
function patternProblem(pattern: string): string | undefined {
  if (pattern === '' || path.posix.isAbsolute(pattern) || /^[A-Za-z]:/.test(pattern))
    return 'is not a path relative to the content folder';
  if (pattern.split('/').includes('..')) return 'leaves the content folder (..)';
  return undefined;
}

/** Reads, checks and renders one file, or takes what the last build made of it. */
async function outcomeOf(
  file: string,
  format: Format,
  collection: AnyCollection,
  contentName: string,
  bytes: Uint8Array,
  cache: EntryCache,
): Promise<Outcome> {
  const digest = digestOf(bytes, JSON.stringify(collection.markdown));
  const cached = cache.get(file, digest);
  if (cached) return cached;
  const outcome = await freshOutcome(file, format, collection, contentName, bytes);
  cache.set(file, digest, outcome);
  return outcome;
}

async function freshOutcome(
  file: string,
  format: Format,
  collection: AnyCollection,
  contentName: string,
  bytes: Uint8Array,
): Promise<Outcome> {
  const parsed = parseFile(file, format, bytes);
  if (!parsed.ok) return parsed;
  const checked = await collection.schema['~standard'].validate(parsed.data);
  if (checked.issues) {
    const place =
      format === 'markdown'
        ? `the frontmatter of ${contentName}/${file}`
        : `${contentName}/${file}`;
    return {
      ok: false,
      issues: checked.issues.map((issue) => toContentIssue(file, place, parsed.data, issue)),
    };
  }
  const html = parsed.body === undefined ? '' : renderMarkdown(parsed.body, collection.markdown);
  return { ok: true, data: checked.value, html };
}

/** The files of one collection, relative to the content folder, sorted; or why there are none. */
async function filesOf(
  name: string,
  collection: AnyCollection,
  contentDir: string,
  issues: ContentIssue[],
): Promise<string[]> {
  const problem = patternProblem(collection.pattern);
  if (problem) {
    issues.push({
      file: collection.pattern,
      path: '',
      value: collection.pattern,
      message: `The collection "${name}" names ${JSON.stringify(collection.pattern)}, which ${problem}: write a path below the content folder in its defineCollection().`,
    });
    return [];
  }
  if (collection.kind === 'one') return [collection.pattern];
  // no dotfiles, no symlinks followed: nothing outside the content folder is read
  const found = await glob(collection.pattern, {
    cwd: contentDir,
    onlyFiles: true,
    dot: false,
    followSymbolicLinks: false,
    expandDirectories: false,
  });
  return found.sort();
}

/** One collection read: its entries (in order) and every issue of its files. */
async function loadCollection(
  name: string,
  collection: AnyCollection,
  input: ContentInput,
  issues: ContentIssue[],
  read: string[],
): Promise<Entry<unknown>[]> {
  const contentName = path.basename(input.contentDir);
  const files = await filesOf(name, collection, input.contentDir, issues);
  const cache = await openEntryCache(input.cache, name);
  const base = collection.kind === 'many' ? baseOf(collection.pattern) : '';
  const contentRoot = realpath(input.contentDir).catch(() => input.contentDir);
  const entries = await Promise.all(
    files.map(async (file): Promise<Entry<unknown> | undefined> => {
      const format = formatOf(file);
      if (!format) {
        issues.push({
          file,
          path: '',
          message: `${file} is in the collection "${name}" but is not JSON (.json), YAML (.yaml, .yml) or Markdown (.md): rename it, or narrow the collection's pattern ${JSON.stringify(collection.pattern)}.`,
        });
        return undefined;
      }
      let bytes: Uint8Array;
      try {
        const real = await realpath(path.join(input.contentDir, file));
        // a link out of the content folder would publish what it points to (/etc/passwd, ~/notes)
        if (!isInside(real, await contentRoot)) {
          issues.push({
            file,
            path: '',
            value: real,
            message: `${file} is a link to ${real}, outside the content folder, which the build does not publish: copy the file into ${contentName}/ instead.`,
          });
          return undefined;
        }
        bytes = await readFile(real);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        issues.push({
          file,
          path: '',
          message: `${file} of the collection "${name}" could not be read (${reason}): create it in ${contentName}/, or correct the path in its defineCollection().`,
        });
        return undefined;
      }
      read.push(file);
      const outcome = await outcomeOf(file, format, collection, contentName, bytes, cache);
      if (!outcome.ok) {
        issues.push(...outcome.issues);
        return undefined;
      }
      const data = await resolveImages(file, outcome.data, input.images, issues);
      const id = withoutExtension(base === '' ? file : path.posix.relative(base, file));
      return { id, file, data, html: outcome.html };
    }),
  );
  await cache.save();
  const made = entries.filter((entry) => entry !== undefined);
  const seen = new Map<string, string>();
  for (const entry of made) {
    const first = seen.get(entry.id);
    if (first)
      issues.push({
        file: entry.file,
        path: '',
        value: entry.id,
        message: `${entry.file} and ${first} both give the entry id "${entry.id}" in the collection "${name}": rename one of them.`,
      });
    else seen.set(entry.id, entry.file);
  }
  return made.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * A site's `loadContent` made of collections: `loadContent: collections({ posts, site })`. Each
 * collection's entries (or entry) come under its name, typed from its schema; `shape`, when given,
 * turns them into the content the site's routes read. The build reports every problem of every
 * file at once.
 */
export function collections<
  const Defs extends Record<string, AnyCollection>,
  Content = CollectionsContent<Defs>,
>(
  defs: Defs,
  shape?: (loaded: CollectionsContent<Defs>) => Content,
): (input: ContentInput) => Promise<ContentResult<Content>> {
  return async (input) => {
    const issues: ContentIssue[] = [];
    const read: string[] = [];
    const loaded: Record<string, unknown> = {};
    for (const [name, collection] of Object.entries(defs)) {
      const entries = await loadCollection(name, collection, input, issues, read);
      loaded[name] = collection.kind === 'one' ? entries[0] : entries;
    }
    if (issues.length > 0) return { ok: false, issues };
    // every entry was made from its collection's schema above: the types EntriesOf names
    const typed = loaded as CollectionsContent<Defs>;
    // without shape, Content is its default, CollectionsContent<Defs>
    const content = shape ? shape(typed) : (typed as Content);
    return { ok: true, content, files: read.sort() };
  };
}
