// Builds every brand of the clinic site into sibling folders: dist/vet, dist/med, dist/digital, …
import path from 'node:path';
import { build, formatError, summary, terminalReporter } from '@ssg/cli';
import { BRANDS } from '../packages/site/src/brands.ts';

const root = path.resolve(import.meta.dirname, '..');
// as `ssg build` does: the library leaves the environment to its caller, and React reads it
process.env.NODE_ENV ??= 'production';

for (const brand of BRANDS) {
  try {
    const reporter = terminalReporter();
    // into dist/<brand>, as the clinic's ssg.config.ts says
    const result = await build({ root, brand, reporter });
    reporter.printWarnings();
    console.log(summary(result, root));
  } catch (error) {
    console.error(formatError(error));
    process.exit(1);
  }
}
