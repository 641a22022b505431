// Real: the Markdown files `npm pack` puts in each package's tarball (listed by npm pack --dry-run), read from the package folders. Faked: nothing.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/site-build.ts';

/** What a stranger who installed the package cannot follow: the monorepo around it. */
const FORBIDDEN: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  {
    pattern: /(^|[\s`'"(])(bench|pipeline|packages|scripts|tests|docs)\/[\w.-]/,
    why: 'a path of the monorepo',
  },
  { pattern: /§\s?\d/, why: 'a numbered section of a document the package does not ship' },
  {
    pattern: /workspace:|\bmonorepo\b|pnpm --filter/i,
    why: 'the workspace the package is made in',
  },
  { pattern: /\bclinic\b/i, why: 'the site of the monorepo, not the package' },
  { pattern: /\bsize\.mjs\b/, why: 'a script the tarball does not hold' },
  {
    pattern: /`src\/contract\.ts`/,
    why: 'a source file of the loader, not shipped: name @ssg/loader/contract',
  },
];

/** The .md files of a package's tarball, relative to its folder. */
function packedMarkdown(pkg: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: path.join(REPO, 'packages', pkg),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [packed] = JSON.parse(out) as Array<{ files: Array<{ path: string }> }>;
  return (packed?.files ?? []).map((f) => f.path).filter((file) => file.endsWith('.md'));
}

describe('the READMEs a package ships speak of the package, not of the monorepo', () => {
  it.each(['ssg-cli', 'loader'])(
    '@ssg/%s',
    (pkg) => {
      const files = packedMarkdown(pkg);
      expect(files).toContain('README.md');
      const found = files.flatMap((file) =>
        readFileSync(path.join(REPO, 'packages', pkg, file), 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(
              ({ why }) => `packages/${pkg}/${file}:${i + 1}: ${why}: ${line.trim()}`,
            ),
          ),
      );
      expect(found).toEqual([]);
    },
    60_000,
  );
});
