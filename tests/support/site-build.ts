import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BuildOptions, type BuildResult, build, serve } from '@ssg/cli';
import { inject } from 'vitest';

export const REPO = path.resolve(import.meta.dirname, '../..');

/** Builds the clinic site (or another site) into a fresh temporary folder. */
export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = options.outDir ?? path.join(mkdtempSync(path.join(tmpdir(), 'ssg-e2e-')), 'site');
  return build({ root: REPO, ...options, outDir });
}

/**
 * The clinic's build of one brand, as its config makes it, shared by every test file of this run:
 * the first file that asks builds it, the others read it. Treat it as read-only: a test that
 * changes files copies it first (`cpSync`) or builds its own with `buildSite`.
 * Two files may ask at once (tests/vitest.config.ts): one build at a time, under a lock.
 */
export async function clinicBuild(brand: string): Promise<{ outDir: string }> {
  const builds = inject('clinicBuilds');
  const outDir = path.join(builds, brand);
  const done = path.join(builds, `${brand}.complete`);
  if (existsSync(done)) return { outDir };
  await underLock(path.join(builds, 'lock'), async () => {
    if (existsSync(done)) return;
    // Every brand is built into one folder in turn, then copied out: the client bundle is the same
    // for every brand, so each build after the first takes it from the incremental cache (no Vite).
    const work = path.join(builds, 'work', 'site');
    await build({ root: REPO, brand, outDir: work });
    // work is a link to its build folder, which the next brand's build replaces: copy the files
    cpSync(work, outDir, { recursive: true, dereference: true });
    writeFileSync(done, '');
  });
  return { outDir };
}

/** Runs `job` while holding `lock` (a folder: mkdir is atomic), waiting for another holder. */
async function underLock(lock: string, job: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    await job();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** `ssg serve` on a free loopback port. */
export async function serveBuild(dir: string) {
  return serve({ dir, port: 0, host: '127.0.0.1' });
}

/** The framework's own fixture site: the smallest complete site. */
export const MINI_SITE = path.join(REPO, 'packages/ssg-cli/test/fixtures/mini-site');

/** Builds the mini fixture site into a fresh temporary folder. */
export function buildMiniSite(options: BuildOptions = {}): Promise<BuildResult> {
  return buildSite({ root: MINI_SITE, contentDir: path.join(MINI_SITE, 'content'), ...options });
}

/**
 * Builds each brand of the clinic site and serves it: the URL of each brand's server, and one
 * `close` for all.
 */
export async function serveBrands(brands: readonly string[]) {
  const servers: Array<Awaited<ReturnType<typeof serveBuild>>> = [];
  const urls = new Map<string, string>();
  for (const brand of brands) {
    const server = await serveBuild((await clinicBuild(brand)).outDir);
    servers.push(server);
    urls.set(brand, server.url);
  }
  return { urls, close: () => Promise.all(servers.map((s) => s.close())) };
}
