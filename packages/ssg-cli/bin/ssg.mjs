#!/usr/bin/env node
// The ssg command: the CLI compiled to JavaScript in dist/ (`pnpm build` in this package; the
// published package ships it).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    'ssg: this copy of @ssg/cli is not built (no dist/cli.js). In its repository, run `pnpm install` (it builds the packages) or `pnpm -r build`.\n',
  );
  process.exit(1);
}
/** @type {{ main(argv: string[]): Promise<number> }} */
const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2));
