/**
 * Off-thread code is TypeScript: a child process or a worker thread runs the compiled `.js` beside
 * its starter, or (tests, from sources) the `.ts` through tsx.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** `name` (without extension) beside the module at `here` (its `import.meta.url`). */
export function childModule(here: string, name: string): { file: string; execArgv: string[] } {
  if (here.endsWith('.js'))
    return { file: fileURLToPath(new URL(`./${name}.js`, here)), execArgv: [] };
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm')).href;
  return { file: fileURLToPath(new URL(`./${name}.ts`, here)), execArgv: ['--import', tsx] };
}

/**
 * A worker thread running `name` beside the module at `here`. From sources, a two-line entry
 * registers tsx in the thread first: Node 20 does not apply `--import` of a worker's execArgv.
 */
export function startWorker(here: string, name: string, options: WorkerOptions = {}): Worker {
  if (here.endsWith('.js')) return new Worker(new URL(`./${name}.js`, here), options);
  // the ESM build of tsx's API: its register() hooks this thread's loader
  const api = createRequire(here)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = [
    `const { register } = await import(${JSON.stringify(pathToFileURL(api).href)});`,
    'register();',
    `await import(${JSON.stringify(new URL(`./${name}.ts`, here).href)});`,
  ].join('\n');
  return new Worker(entry, { ...options, eval: true });
}
