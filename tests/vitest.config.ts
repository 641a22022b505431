import { defineConfig } from 'vitest/config';

// End-to-end tests: real Debian Chromium through puppeteer, real builds, real servers (nginx for
// the host tests). The browser files run two at a time: each spends much of its time waiting
// (loads, service workers, idle prefetch gaps), so two share 2 cores; the clinic's builds are
// made once per brand (tests/support/site-build.ts locks each while one file builds it). The
// stranger's test runs after them, alone: packing rebuilds the packages' dist/, which the
// browser files import.
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
          fileParallelism: true,
          maxWorkers: 2,
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
