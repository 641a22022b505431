import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BuildOptions, type BuildResult, build, serve } from '@ssg/cli';

export const REPO = path.resolve(import.meta.dirname, '../..');

/** Builds the clinic site (or another site) into a fresh temporary folder. */
export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = options.outDir ?? path.join(mkdtempSync(path.join(tmpdir(), 'ssg-e2e-')), 'site');
  return build({ root: REPO, ...options, outDir });
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
    const server = await serveBuild((await buildSite({ brand })).outDir);
    servers.push(server);
    urls.set(brand, server.url);
  }
  return { urls, close: () => Promise.all(servers.map((s) => s.close())) };
}
