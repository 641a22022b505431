// Real: the repository's READMEs, ERRORS.md and docs/*.md as committed, their headings slugged by github-slugger (GitHub's rules). Faked: nothing.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/site-build.ts';
import { DOCS_FILES, type MarkdownFile, readMarkdown } from './markdown.ts';

const files = new Map<string, MarkdownFile>(DOCS_FILES.map((file) => [file, readMarkdown(file)]));
const markdownOf = (file: string): MarkdownFile =>
  files.get(file) ?? files.set(file, readMarkdown(file)).get(file) ?? readMarkdown(file);

/** Why an in-repo link does not resolve, or undefined when it does. */
function brokenBecause(from: string, target: string): string | undefined {
  const [pathPart = '', anchor] = target.split('#', 2);
  const file =
    pathPart === ''
      ? from
      : path.posix.normalize(path.posix.join(path.posix.dirname(from), pathPart));
  const absolute = path.join(REPO, file);
  if (!existsSync(absolute)) return `${file} does not exist`;
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(absolute).isDirectory() || !file.endsWith('.md'))
    return `#${anchor} points into ${file}, which has no headings`;
  const anchors = markdownOf(file).anchors;
  return anchors.has(anchor)
    ? undefined
    : `${file} has no heading #${anchor} (its anchors: ${[...anchors].join(', ')})`;
}

describe('links in the docs', () => {
  it.each(DOCS_FILES)('every in-repo link and #anchor of %s resolves', (file) => {
    const broken = markdownOf(file)
      .links.filter(({ target }) => !/^[a-z]+:/i.test(target))
      .flatMap(({ target, line }) => {
        const why = brokenBecause(file, target);
        return why === undefined ? [] : [`${file}:${line}: (${target}) — ${why}`];
      });
    expect(broken).toEqual([]);
  });

  it.each(DOCS_FILES)(
    'every section %s names in words (see "X", README, "X") is a heading of it',
    (file) => {
      const md = markdownOf(file);
      // "Deploys" names the heading "Deploys: old tabs keep working"
      // `(README, "Security headers")` in a package README is that README's own section
      const missing = [...md.text.matchAll(/\b(?:see|README,) (?:the )?"([^"]+)"/gi)]
        .map((match) => match[1] ?? '')
        .filter((name) => !md.headings.some((heading) => heading.startsWith(name)));
      expect(missing, `sections named in ${file} that it does not have`).toEqual([]);
    },
  );

  it('no doc points to a numbered section (§N) of a document outside the repository', () => {
    const found = DOCS_FILES.flatMap((file) =>
      markdownOf(file)
        .text.split('\n')
        .flatMap((line, i) => (/§\s?\d/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
