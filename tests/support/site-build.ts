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
