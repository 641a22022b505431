// The TypeScript blocks of the package READMEs as one tsc project: where each is written, and tsc's errors mapped back to README lines.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO } from '../support/site-build.ts';
import { type CodeBlock, readMarkdown } from './markdown.ts';

/** The READMEs a stranger installing the packages reads (packed with them). */
export const PACKAGE_READMES = [
  'packages/ssg-cli/README.md',
  'packages/loader/README.md',
  'packages/ssg-cli/templates/starter/README.md',
];

/** Languages shown as they are; every other block must be TypeScript. */
export const NOT_TYPESCRIPT = new Set([
  'sh',
  'text',
  'html',
  'nginx',
  'json',
  'jsonc',
  'yaml',
  'md',
  'markdown',
  'css',
  'diff',
]);

/** `<!-- docs-check: not compiled: REASON -->` just above a fence: the one way to leave a ts (or js) block out. */
const EXCLUDED = /^docs-check: not compiled: (\S.*)$/;

/** A block's first line may name the site file it is (`// src/site.ts`): those share one folder. */
const SITE_FILE = /^\/\/ ((?:src\/)?[\w./-]+\.tsx?)(?:\s|$)/;

export interface PlacedBlock {
  readme: string;
  block: CodeBlock;
  /** Where it is written, relative to the project folder. */
  file: string;
}

export interface Placement {
  placed: PlacedBlock[];
  /** Blocks that cannot be checked as they are: a missing language, JavaScript, a bad marker, a file named twice. */
  problems: string[];
}

/** Which blocks are compiled and where each goes; every other block is a problem or shown text. */
export function placeBlocks(readmes: readonly string[] = PACKAGE_READMES): Placement {
  const placed: PlacedBlock[] = [];
  const problems: string[] = [];
  const named = new Map<string, string>();
  for (const readme of readmes) {
    for (const block of readMarkdown(readme).blocks) {
      const where = `${readme}:${block.line - 1}`;
      if (NOT_TYPESCRIPT.has(block.lang)) continue;
      if (block.marker?.startsWith('docs-check')) {
        if (!EXCLUDED.test(block.marker))
          problems.push(`${where}: write the marker as <!-- docs-check: not compiled: REASON -->`);
        continue;
      }
      if (block.lang !== 'ts' && block.lang !== 'tsx') {
        problems.push(
          block.lang === ''
            ? `${where}: a fenced block without a language: say ts or tsx (compiled), or ${[...NOT_TYPESCRIPT].join(', ')}`
            : `${where}: a \`${block.lang}\` block: write the example in TypeScript (ts or tsx), say ${[...NOT_TYPESCRIPT].join(', ')}, or mark it <!-- docs-check: not compiled: REASON -->`,
        );
        continue;
      }
      const siteFile = SITE_FILE.exec(block.code)?.[1];
      const file = siteFile
        ? path.posix.join('site', siteFile)
        : `blocks/${readme.replace(/[/.]/g, '_')}-L${block.line}.${block.lang}`;
      const twice = named.get(file);
      if (twice) problems.push(`${where}: ${siteFile} is also the block at ${twice}`);
      named.set(file, where);
      placed.push({ readme, block, file });
    }
  }
  return { placed, problems };
}

/** A folder with the blocks, a strict tsconfig and node_modules holding the packages as installed. */
export function writeProject(placed: readonly PlacedBlock[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ssg-readme-examples-'));
  for (const { file, block } of placed) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${block.code}\n`);
  }
  // the packages by their folders: their package.json `exports` lead to dist/*.d.ts, as from a tarball
  const modules: Record<string, string> = {
    '@ssg/cli': 'packages/ssg-cli',
    '@ssg/loader': 'packages/loader',
    react: 'packages/ssg-cli/node_modules/react',
    'react-dom': 'packages/ssg-cli/node_modules/react-dom',
    '@types/react': 'node_modules/@types/react',
    '@types/react-dom': 'node_modules/@types/react-dom',
    '@types/node': 'node_modules/@types/node',
    // the schema library of the content collections' examples
    zod: 'packages/ssg-cli/node_modules/zod',
  };
  for (const [name, from] of Object.entries(modules)) {
    const link = path.join(dir, 'node_modules', name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(realpathSync(path.join(REPO, from)), link);
  }
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    moduleDetection: 'force',
    jsx: 'react-jsx',
    strict: true,
    skipLibCheck: false,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    allowImportingTsExtensions: true,
    noEmit: true,
    types: ['node', '@ssg/cli/image/client'],
  };
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions, include: ['site', 'blocks'] }, null, 2),
  );
  return dir;
}

/** tsc's errors over the project, each as `README:line (block at line N): TSxxxx message`. */
export function compileErrors(dir: string, placed: readonly PlacedBlock[]): string[] {
  let output = '';
  try {
    execFileSync(path.join(REPO, 'node_modules/.bin/tsc'), ['-p', dir, '--pretty', 'false'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  const byFile = new Map(placed.map((p) => [p.file, p]));
  const errors: string[] = [];
  for (const line of output.split('\n')) {
    const match = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (!match) {
      // a message's continuation lines belong to the error above
      if (line.trim() && errors.length > 0) errors[errors.length - 1] += ` ${line.trim()}`;
      continue;
    }
    const [, file = '', row = '0', column, code, message] = match;
    const at = byFile.get(path.relative(dir, path.resolve(dir, file)));
    errors.push(
      at
        ? `${at.readme}:${at.block.line + Number(row) - 1}:${column} (the block at line ${at.block.line - 1}): ${code} ${message}`
        : `${file}:${row}:${column}: ${code} ${message}`,
    );
  }
  return errors;
}
