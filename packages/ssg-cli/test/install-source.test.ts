// Real: installSpec() on folders laid out as npm, pnpm and a cloned repository leave them on disk; faked: the installs themselves (package.json, package-lock.json and folders written by the test).
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installSpec } from '../src/init/install-source.ts';
import { tempDir } from './helpers.ts';

/** A project folder with `files` written (JSON values) and the package's folder at `at`, relative. */
function project(files: Record<string, unknown>, at: string): { root: string; pkg: string } {
  const root = realpathSync(tempDir('ssg-install-'));
  for (const [file, value] of Object.entries(files))
    writeFileSync(path.join(root, file), JSON.stringify(value));
  const pkg = path.join(root, at);
  mkdirSync(pkg, { recursive: true });
  return { root, pkg };
}

describe('the spec ssg init writes for a package, from how the running one was installed', () => {
  it('from the registry (npm): a caret range of its version', () => {
    const { pkg } = project(
      { 'package.json': { dependencies: { '@ssg/cli': '^0.1.0' } } },
      'node_modules/@ssg/cli',
    );
    expect(installSpec('@ssg/cli', pkg, '0.1.0')).toBe('^0.1.0');
  });

  it('from a tarball (npm install ./packs/x.tgz): that tarball, absolute', () => {
    const { root, pkg } = project(
      { 'package.json': { dependencies: { '@ssg/cli': 'file:packs/ssg-cli-0.1.0.tgz' } } },
      'node_modules/@ssg/cli',
    );
    expect(installSpec('@ssg/cli', pkg, '0.1.0')).toBe(
      `file:${path.join(root, 'packs/ssg-cli-0.1.0.tgz')}`,
    );
  });

  it('from a tarball named only in package-lock.json (a dependency of a dependency)', () => {
    const { root, pkg } = project(
      {
        'package.json': { dependencies: {} },
        'package-lock.json': {
          packages: { 'node_modules/@ssg/loader': { resolved: 'file:../packs/loader.tgz' } },
        },
      },
      'node_modules/@ssg/loader',
    );
    expect(installSpec('@ssg/loader', pkg, '0.1.0')).toBe(
      `file:${path.resolve(root, '../packs/loader.tgz')}`,
    );
  });

  it("from a tarball under pnpm's store: the project above the first node_modules names it", () => {
    const { root, pkg } = project(
      { 'package.json': { devDependencies: { '@ssg/cli': 'file:/tmp/packs/cli.tgz' } } },
      'node_modules/.pnpm/@ssg+cli@file+packs+cli.tgz/node_modules/@ssg/cli',
    );
    expect(root).not.toBe('/');
    expect(installSpec('@ssg/cli', pkg, '0.1.0')).toBe('file:/tmp/packs/cli.tgz');
  });

  it('from a folder (a clone, or the link npm makes for a folder): that folder, real path', () => {
    const { root, pkg } = project({}, 'checkout/packages/ssg-cli');
    const link = path.join(root, 'site/node_modules/@ssg/cli');
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(pkg, link, 'dir');
    expect(installSpec('@ssg/cli', link, '0.1.0')).toBe(`file:${pkg}`);
  });
});
