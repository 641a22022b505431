import { defineConfig } from 'vitest/config';

// End-to-end tests: real Debian Chromium through puppeteer, real builds, real servers (nginx for
// the host tests). Files whose checks depend on the CPU keeping pace (delay signals, fixed waits
// that prove nothing happens, retries and prefetch within a time, layout shift at 8× slowdown)
// run ALONE, one file at a time: with two at once on 2 cores, a check that a prompt navigation
// shows no delay signal failed in a clean run (the CPU, not the site, was slow). The others,
// whose every check waits on an event and asserts no time, run two files at once, first.
// The clinic's builds are made once per brand for both groups (tests/support/site-build.ts).
const ALONE = [
  'site/frame.test.ts',
  'site/navigation.test.ts',
  'site/gallery-images.test.ts',
  'site/worker-script.test.ts',
  'loader/faults.test.ts',
  'host/deploy.test.ts',
  // 100 connections for about a minute: a Chromium test beside it would compete for the 2 cores
  'host/deploy-load.test.ts',
];

export default defineConfig({
  test: {
    root: 'tests',
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['./support/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: 2,
          // the tests a file marks concurrent (csp, axe): two at a time
          maxConcurrency: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: ALONE,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
