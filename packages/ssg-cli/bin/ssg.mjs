#!/usr/bin/env node
// The ssg command: runs the TypeScript sources through tsx, then hands the arguments to src/cli.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
