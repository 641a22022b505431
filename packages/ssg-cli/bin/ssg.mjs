#!/usr/bin/env node
// The ssg command: runs src/cli.ts compiled to plain JavaScript (compile.mjs; made again when a
// source changed), or through the tsx loader when compiling is not possible.
import { compiledCli } from './compile.mjs';

const entries = await compiledCli().catch((error) => {
  if (process.env.SSG_DEBUG) process.stderr.write(`ssg: running through tsx: ${error}\n`);
  return undefined;
});
let main;
if (entries) {
  ({ main } = await import(entries.cli));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli.ts'));
}
process.exitCode = await main(process.argv.slice(2));
