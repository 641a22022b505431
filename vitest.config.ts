import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and build tests: beside the code in every package. Browser and nginx tests live in
// tests/ and run with tests/vitest.config.ts.
export default defineConfig({
  test: {
    // Vitest's default (cores − 1) is one file at a time on 2 cores, where a build test leaves
    // a core idle while it waits on its Vite child process: two files at once use both.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
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
        },
      },
      {
        test: {
          name: 'site',
          root: 'packages/site',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'jsdom',
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
    ],
  },
});
