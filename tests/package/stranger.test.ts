// Real: `pnpm pack` of both packages (their dist/ as built), npm installing the tarballs (and their dependencies from the
// registry) into empty folders outside the workspace, the installed `ssg` command, tsc. Faked: nothing.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../support/site-build.ts';

const run = (command: string, args: string[], cwd: string): string =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NO_COLOR: '1',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      // the second install (the new site) takes from npm's cache what the first one fetched
      npm_config_prefer_offline: 'true',
    },
  });

/**
 * Packs both packages from the dist/ every other test runs (setup's build): without prepack, which
 * would rebuild dist/ under the browser files running beside this one.
 */
function packBoth(packs: string): string {
  mkdirSync(packs);
  for (const pkg of ['loader', 'ssg-cli']) {
    const cwd = path.join(REPO, 'packages', pkg);
    run('pnpm', ['pack', '--config.ignore-scripts=true', '--pack-destination', packs], cwd);
  }
  return packs;
}

describe('a stranger installs the packed packages outside the workspace', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'ssg-stranger-'));
  const site = path.join(home, 'site');
  let tarballs: string[] = [];

  beforeAll(() => {
    // the README's test command packs once (scripts/test.sh) and checks those tarballs with attw
    const packs = process.env.SSG_PACKS ?? packBoth(path.join(home, 'packs'));
    tarballs = readdirSync(packs)
      .filter((f) => f.endsWith('.tgz'))
      .map((f) => path.join(packs, f));
    expect(tarballs).toHaveLength(2);
    // The CLI alone, in an empty folder: what `npm install @ssg/cli` would give.
    writeFileSync(path.join(home, 'package.json'), '{"name":"stranger","private":true}');
    run('npm', ['install', ...tarballs], home);
  }, 300_000);

  it('prints the version of the installed CLI', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'packages/ssg-cli/package.json'), 'utf8'));
    expect(run('npx', ['ssg', '--version'], home).trim()).toBe(pkg.version);
  });

  it('starts a site with ssg init that installs, type-checks and builds', () => {
    const said = run('npx', ['ssg', 'init', 'site'], home);
    expect(said).toContain('Next steps:');
    // ssg init wrote the tarballs the CLI came from into the new site's package.json: a plain install
    const pkg = JSON.parse(readFileSync(path.join(site, 'package.json'), 'utf8'));
    for (const name of ['@ssg/cli', '@ssg/loader'])
      expect(pkg.dependencies[name]).toMatch(/^file:\/.*\.tgz$/);
    run('npm', ['install'], site);
    // strict, skipLibCheck false: the packages' declarations must hold too
    run('npx', ['tsc', '--noEmit', '-p', '.'], site);
    // a Markdown entry of their own, beside the starter's: a page of its own
    writeFileSync(
      path.join(site, 'content/posts/opening-hours.md'),
      '---\ntitle: Opening hours\ndescription: When we are open.\n---\nMonday to *Friday*, 8 to 18.\n',
    );
    const built = run('npx', ['ssg', 'build'], site);
    expect(built).toMatch(/Built 6 pages into dist/);
    const out = path.join(site, 'dist');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('<!DOCTYPE html>');
    expect(readFileSync(path.join(out, 'posts/opening-hours/index.html'), 'utf8')).toContain(
      '<p>Monday to <em>Friday</em>, 8 to 18.</p>',
    );
    const app = JSON.parse(readFileSync(path.join(out, 'page-data/app-data.json'), 'utf8'));
    expect(app.compilationHash).toMatch(/^[0-9a-f]{20}$/);
    expect(existsSync(path.join(out, 'page-data/index/page-data.json'))).toBe(true);
  }, 300_000);

  it('type-checks the new site with the newest TypeScript on the registry too', () => {
    // the starter pins 5.9 (checked above); a stranger who upgrades gets the registry's newest
    const newest = run('npm', ['view', 'typescript', 'version'], home).trim();
    const ts = path.join(home, 'ts-newest');
    mkdirSync(ts);
    writeFileSync(path.join(ts, 'package.json'), '{"private":true}');
    run('npm', ['install', `typescript@${newest}`], ts);
    const tsc = path.join(ts, 'node_modules/.bin/tsc');
    expect(run(tsc, ['--version'], site)).toContain(newest);
    expect(run(tsc, ['--noEmit', '-p', '.'], site)).toBe('');
  }, 300_000);

  it('type-checks a consumer of @ssg/loader, @ssg/loader/contract and @ssg/cli/runtime with strict nodenext', () => {
    const consumer = path.join(site, 'consumer');
    mkdirSync(consumer);
    writeFileSync(path.join(consumer, 'package.json'), '{"type":"module","private":true}');
    writeFileSync(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          skipLibCheck: false,
          noEmit: true,
          jsx: 'react-jsx',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: [],
        },
        files: ['consumer.tsx'],
      }),
    );
    writeFileSync(
      path.join(consumer, 'consumer.tsx'),
      [
        "import { createLoader, type PageData } from '@ssg/loader';",
        "import type { AppData } from '@ssg/loader/contract';",
        "import { Link, useLocation } from '@ssg/cli/runtime';",
        'export const loader = createLoader;',
        'export const page: PageData | undefined = undefined;',
        "export const app: AppData = { compilationHash: 'abc', buildId: 'def' };",
        'export function Here() {',
        '  const { pathname } = useLocation();',
        '  return <Link to="/">{pathname}</Link>;',
        '}',
        '',
      ].join('\n'),
    );
    // the site's node_modules are found from the folder below it, as Node would
    expect(run(path.join(site, 'node_modules/.bin/tsc'), ['-p', '.'], consumer)).toBe('');
  }, 120_000);
});
