import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's shared clinic builds (see `clinicBuild`). */
    clinicBuilds: string;
  }
}

/** Where the run's clinic builds are, for the other browser project's setup. */
const BUILDS = 'SSG_E2E_CLINIC_BUILDS';

/**
 * Fails early and clearly when the browser the tests drive is missing, and gives the run one
 * folder for the clinic builds its files share (each brand built once per run, not per file).
 */
export default function setup(project: TestProject): () => void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM}. Run the README's test command (pnpm test), which installs it with apt-get, or set CHROMIUM_PATH.`,
    );
  }
  // one folder for every browser project of the run: the first project's setup makes it
  const made = process.env[BUILDS] === undefined;
  const builds = process.env[BUILDS] ?? mkdtempSync(path.join(tmpdir(), 'ssg-e2e-builds-'));
  process.env[BUILDS] = builds;
  project.provide('clinicBuilds', builds);
  return () => {
    if (made) rmSync(builds, { recursive: true, force: true });
  };
}
