import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { LongestFirst } from './support/longest-first.ts';

// End-to-end tests: real Debian Chromium through puppeteer, real builds, real servers (nginx for
// the host tests). Files whose checks depend on the CPU keeping pace (a navigation answered within
// the 1000 ms delay, focus and scroll read right after a navigation, a worker up within the 10 s
// fallback, layout shift at 8× slowdown) run ALONE, one file at a time: with two at once on 2
// cores, a check that a prompt navigation shows no delay signal failed in a clean run (the CPU,
// not the site, was slow). The others, whose every check waits on an event and asserts no time,
// run two files at once, first. A fixed wait there (loader/faults, host/deploy) only gives a
// reload loop or a prefetch, which would come at once, time to show: a busy CPU does not stretch
// the 3000 ms prefetch gap, a timer. The clinic's builds are made once per brand for both groups
// (tests/support/site-build.ts).
const ALONE = [
  'site/delayed-route.test.ts',
  'site/navigation.test.ts',
  'site/gallery-images.test.ts',
  'site/worker-script.test.ts',
  // 100 connections for about a minute: a Chromium test beside it would compete for the 2 cores
  'host/deploy-load.test.ts',
];

/** What every end-to-end project shares (written out, so another config can run them too). */
const E2E = {
  root: import.meta.dirname,
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  globalSetup: [path.join(import.meta.dirname, 'support/global-setup.ts')],
} satisfies NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * The two end-to-end projects: `shared` (`workers` files at a time, first) and `alone` (one file
 * at a time, after every project of group 0 — in the README's test command, the unit tests too).
 */
export function e2eProjects(workers: number): TestProjectInlineConfiguration[] {
  return [
    {
      test: {
        ...E2E,
        name: 'shared',
        include: ['**/*.test.ts'],
        exclude: ALONE,
        maxWorkers: workers,
        // the tests a file marks concurrent (csp, axe, loader/faults): two at a time
        maxConcurrency: 2,
        sequence: { groupOrder: 0 },
      },
    },
    {
      test: {
        ...E2E,
        name: 'alone',
        include: ALONE,
        fileParallelism: false,
        maxWorkers: 1,
        sequence: { groupOrder: 1 },
      },
    },
  ];
}

// Two files at once: Chromium, the site's servers and a build beside each other fill 2 cores.
export default defineConfig({
  test: { projects: e2eProjects(2), sequence: { sequencer: LongestFirst } },
});
