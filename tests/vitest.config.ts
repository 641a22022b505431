import { defineConfig } from 'vitest/config';

// End-to-end tests: real Debian Chromium through puppeteer, real builds, real servers (nginx for
// the host tests). One file at a time: the machine has 2 cores and each file drives a browser.
export default defineConfig({
  test: {
    root: 'tests',
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['./support/global-setup.ts'],
  },
});
