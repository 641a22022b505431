// @ts-check
// Run by library.test.ts in a fresh Node process, against the compiled package (a TypeScript
// loader would start esbuild processes of its own): builds through the public build(), then
// prints what is left once the last promise settled: child processes, handles, the environment's changes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildWith } from '../dist/build.js';
import { build } from '../dist/index.js';

const [root = '', contentDir = '', outDir = ''] = process.argv.slice(2);
const env = { ...process.env };
const sourceMaps = process.sourceMapsEnabled;
// two builds at once (into another folder) share esbuild's service: the last one out stops it
await Promise.all([
  build({ root, contentDir, outDir: `${outDir}-a`, force: true }),
  build({ root, contentDir, outDir: `${outDir}-b`, force: true }),
]);
// the third build deletes the first one's folder, which the second kept beside the output
for (let i = 0; i < 3; i++) await build({ root, contentDir, outDir, force: true });
// up to date: the output is checked against its record on a worker thread
await build({ root, contentDir, outDir });
// the writer thread and a render worker, as a large site would have them
await buildWith({ root, contentDir, outDir, force: true }, { writeThread: true, renderWorkers: 1 });
// one turn of the event loop: a request whose callback resolved the last promise is then released
await new Promise((resolve) => setImmediate(resolve));

const task = `/proc/${process.pid}/task`;
const children = readdirSync(task)
  .flatMap((t) => readFileSync(`${task}/${t}/children`, 'utf8').split(' '))
  .filter(Boolean)
  .map((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      return `${pid} (gone)`;
    }
  });
const changed = [...new Set([...Object.keys(env), ...Object.keys(process.env)])].filter(
  (name) => env[name] !== process.env[name],
);
const report = {
  children,
  resources: process.getActiveResourcesInfo(),
  beside: readdirSync(path.dirname(outDir)).sort(),
  envChanged: changed,
  sourceMapsChanged: process.sourceMapsEnabled !== sourceMaps,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
