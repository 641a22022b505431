import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
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
 */
export async function clinicBuild(brand: string): Promise<{ outDir: string }> {
  const outDir = path.join(inject('clinicBuilds'), brand);
  const done = path.join(outDir, '..', `${brand}.complete`);
  if (!existsSync(done)) {
    await build({ root: REPO, brand, outDir });
    writeFileSync(done, '');
  }
  return { outDir };
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
 * `close` for all. One build at a time: each bundles with Vite and the machine has 2 cores.
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
