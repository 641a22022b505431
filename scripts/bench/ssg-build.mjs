/**
 * Child process of the scale benchmark: one `build()` of our ssg through the programmatic API,
 * so the parent can time it and watch its memory like any other build command.
 * Usage: node scripts/bench/ssg-build.mjs SITE_DIR CONTENT_DIR OUT_DIR RESULT_JSON
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [siteDir, contentDir, outDir, resultFile] = process.argv.slice(2).map((p) => resolve(p));
const cliDir = join(import.meta.dirname, '..', '..', 'packages', 'ssg-cli');
// What the `ssg` bin runs: the package compiled to JavaScript (dist/), called as `ssg build`
// calls it: React's production build, and what the build replaced deleted in the background.
process.env.NODE_ENV ??= 'production';
/** @type {typeof import('../../packages/ssg-cli/src/build.ts')} */
const { buildWith } = await import(pathToFileURL(join(cliDir, 'dist', 'build.js')).href);
// The process's peak RSS so far (the kernel's maxrss) after each stage: which stage raised it.
const mb = (/** @type {number} */ bytes) => Math.round(bytes / 2 ** 20);
/** @type {import('./types').MemoryAt[]} */
const memory = [{ stage: '(after imports)', maxRssMb: mb(process.resourceUsage().maxRSS * 1024) }];
const reporter = {
  stageStart() {},
  /** @param {string} stage */
  stageEnd(stage) {
    const heap = process.memoryUsage();
    memory.push({
      stage,
      maxRssMb: mb(process.resourceUsage().maxRSS * 1024),
      rssMb: mb(heap.rss),
      heapUsedMb: mb(heap.heapUsed),
    });
  },
  warn() {},
};
const started = performance.now();
const result = await buildWith(
  { root: siteDir, contentDir, outDir, reporter },
  { removeInBackground: true },
);
const ms = performance.now() - started;
memory.push({ stage: '(end of build)', maxRssMb: mb(process.resourceUsage().maxRSS * 1024) });
if (resultFile) writeFileSync(resultFile, JSON.stringify({ ...result, buildMs: ms, memory }));
