// The parts of a Markdown file the docs tests check: fenced code blocks, headings and links, each with its line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { REPO } from '../support/site-build.ts';

/** A fenced block: its info string's first word (`ts`, `tsx`, `sh`, '' when none), its first code line, its text. */
export interface CodeBlock {
  lang: string;
  /** 1-based line of the block's first code line (the one after the fence). */
  line: number;
  code: string;
  /** The HTML comment on the line just above the fence, if any (`<!-- docs-check: … -->`). */
  marker: string | undefined;
}

export interface MarkdownLink {
  target: string;
  line: number;
}

export interface MarkdownFile {
  /** Relative to the repository, with forward slashes. */
  file: string;
  text: string;
  blocks: CodeBlock[];
  /** The heading anchors GitHub makes, in order (duplicates get `-1`, `-2`). */
  anchors: Set<string>;
  headings: string[];
  links: MarkdownLink[];
}

/** The markdown files whose links and anchors must resolve: the READMEs (root, each package's, the starter's), ERRORS.md, docs' pages. */
export const DOCS_FILES: readonly string[] = [
  'README.md',
  ...readdirSync(path.join(REPO, 'packages'))
    .map((pkg) => `packages/${pkg}/README.md`)
    .filter((file) => existsSync(path.join(REPO, file))),
  'packages/ssg-cli/ERRORS.md',
  'packages/ssg-cli/templates/starter/README.md',
  ...readdirSync(path.join(REPO, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
].sort();

/** A heading's text as GitHub reads it for its anchor: code spans, links and emphasis reduced to their text. */
const headingText = (raw: string): string =>
  raw
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|\*)(\S(?:.*?\S)?)\1/g, '$2')
    .trim();

/** Inline code spans blanked out (same length), so a `[x](y)` shown as code is not a link. */
const withoutCodeSpans = (line: string): string =>
  line.replace(/`+[^`]*`+/g, (span) => ' '.repeat(span.length));

export function readMarkdown(file: string): MarkdownFile {
  const text = readFileSync(path.join(REPO, file), 'utf8');
  const lines = text.split('\n');
  const slugger = new GithubSlugger();
  const result: MarkdownFile = {
    file,
    text,
    blocks: [],
    anchors: new Set(),
    headings: [],
    links: [],
  };
  let fence: { marker: string; block: CodeBlock; body: string[] } | undefined;
  lines.forEach((line, index) => {
    const open = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/.exec(line);
    if (fence) {
      if (open?.[1]?.startsWith(fence.marker) && line.trim() === open[1]) {
        fence.block.code = fence.body.join('\n');
        result.blocks.push(fence.block);
        fence = undefined;
      } else fence.body.push(line);
      return;
    }
    if (open?.[1]) {
      const above = lines[index - 1]?.trim() ?? '';
      const marker = /^<!--(.*)-->$/.exec(above)?.[1]?.trim();
      const block = { lang: open[2] ?? '', line: index + 2, code: '', marker };
      fence = { marker: open[1], block, body: [] };
      return;
    }
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading?.[1] !== undefined) {
      const title = headingText(heading[1]);
      result.headings.push(title);
      result.anchors.add(slugger.slug(title));
    }
    for (const match of withoutCodeSpans(line).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (match[1]) result.links.push({ target: match[1], line: index + 1 });
    }
  });
  return result;
}
