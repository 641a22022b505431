import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Unit and build tests: beside the code in every package. Browser and nginx tests live in
// tests/ and run with tests/vitest.config.ts; the README's test command runs both in one
// Vitest run (vitest.all.config.ts).

/**
 * Vitest's default (cores − 1) is one file at a time on 2 cores, where a build test leaves a core
 * idle while it waits on its Vite child process: two files at once use both.
 */
export const WORKERS = Math.max(2, availableParallelism() - 1);

/** The site's tests that render components or read `window`. */
const SITE_DOM = [
  'src/components/**/*.test.tsx',
  'src/content/content-fuzz.test.tsx',
  'src/lib/analytics.test.ts',
];

export const unitProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'loader',
      root: 'packages/loader',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'cli',
      root: 'packages/ssg-cli',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 60_000,
      // the mini site built once per run, so each file's builds of it start warm
      globalSetup: ['test/global-setup.ts'],
    },
  },
  {
    test: {
      name: 'site',
      root: 'packages/site',
      include: SITE_DOM,
      environment: 'jsdom',
    },
  },
  {
    // the content, links and formats of the site need no DOM: no jsdom to set up per file
    test: {
      name: 'site-node',
      root: 'packages/site',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      exclude: SITE_DOM,
      environment: 'node',
    },
  },
  {
    test: {
      name: 'bench',
      root: 'scripts',
      include: ['bench/**/*.test.mjs'],
      environment: 'node',
    },
  },
];

export default defineConfig({ test: { maxWorkers: WORKERS, projects: unitProjects } });
