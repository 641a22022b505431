import { defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/support/longest-first.ts';
import { e2eProjects } from './tests/vitest.config.ts';
import { unitProjects, WORKERS } from './vitest.config.ts';

// The README's test command: the unit and build tests and the end-to-end tests that share the
// machine run as one group (a core freed by one kind is taken by the other, where two runs one
// after the other each ended with one file on one core), then the end-to-end files that run alone.
// Vitest needs one worker count for the projects of a group. The longest files of a group start
// first, whichever project they belong to (tests/support/longest-first.ts).
export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    projects: [
      ...unitProjects.map((project) => ({
        ...project,
        test: { ...project.test, maxWorkers: WORKERS, sequence: { groupOrder: 0 } },
      })),
      ...e2eProjects(WORKERS),
    ],
  },
});
