/** The file to fork for a child process's module: the compiled `.js`, or the `.ts` through tsx (tests, from sources). */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** `name` (without extension) beside the module at `here` (its `import.meta.url`). */
export function childModule(here: string, name: string): { file: string; execArgv: string[] } {
  if (here.endsWith('.js'))
    return { file: fileURLToPath(new URL(`./${name}.js`, here)), execArgv: [] };
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm')).href;
  return { file: fileURLToPath(new URL(`./${name}.ts`, here)), execArgv: ['--import', tsx] };
}
