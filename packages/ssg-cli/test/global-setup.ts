import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWith } from '../src/build.ts';
import { miniSiteAt } from './site-root.ts';

const BIN = path.resolve(import.meta.dirname, '../bin/ssg.mjs');

/** `ssg build` of `root` by the compiled command, as the child-process tests run it. */
function cliBuild(root: string, outDir: string): Promise<void> {
  const { FORCE_COLOR: _c, SSG_FAULT: _f, ...env } = process.env;
  const child = spawn(process.execPath, [BIN, 'build', '--root', root, '--out', outDir], {
    env: { ...env, NO_COLOR: '1', NODE_ENV: process.env.NODE_ENV ?? 'test' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) =>
    child.on('close', (status) =>
      status === 0
        ? resolve()
        : reject(
            new Error(
              `The compiled \`ssg build\` of the mini site (${root}) exited ${status}. The build tests run it from dist/: build the packages first (pnpm -r --filter ./packages/loader --filter ./packages/ssg-cli run build). Its output:\n${stderr}`,
            ),
          ),
    ),
  );
}

/**
 * Builds the mini site once per run, from the sources and by the compiled command, each in a
 * folder of its own: every test file's first build of it is then warm (no Vite) instead of
 * each file making the same bundles, and files sharing one set of caches cannot race on them.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const run = mkdtempSync(path.join(tmpdir(), 'ssg-cli-tests-'));
  const source = miniSiteAt(path.join(run, 'source'));
  const cli = miniSiteAt(path.join(run, 'cli'));
  // both settled before a failure removes the folder the other may still be writing
  const warm = await Promise.allSettled([
    buildWith({ root: source, outDir: path.join(run, 'out-source') }, {}),
    cliBuild(cli, path.join(run, 'out-cli')),
  ]);
  const failed = warm.find((result) => result.status === 'rejected');
  if (failed) {
    rmSync(run, { recursive: true, force: true });
    throw failed.reason;
  }
  project.provide('miniSite', source);
  project.provide('miniCliSite', cli);
  return () => rmSync(run, { recursive: true, force: true });
}
