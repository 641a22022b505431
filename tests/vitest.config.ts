import { defineConfig } from 'vitest/config';

// End-to-end tests: real Debian Chromium through puppeteer, real builds, real servers (nginx for
// the host tests). One file at a time: with two at once on 2 cores, a check that a prompt
// navigation shows no delay signal failed in a clean run (the CPU, not the site, was slow).
// The clinic's builds are made once per brand (tests/support/site-build.ts). The stranger's test
// runs after them: packing rebuilds the packages' dist/, which the browser files import.
export default defineConfig({
  test: {
    root: 'tests',
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['**/*.test.ts'],
          exclude: ['package/**'],
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
          globalSetup: ['./support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'package',
          include: ['package/**/*.test.ts'],
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
