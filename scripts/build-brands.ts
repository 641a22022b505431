// Builds every brand of the clinic site into sibling folders: dist/vet, dist/med, dist/digital, …
import path from 'node:path';
import { build, formatError, summary, terminalReporter } from '@ssg/cli';

const root = path.resolve(import.meta.dirname, '..');
const brands = ['vet', 'med', 'digital', 'psico', 'odonto'] as const;

for (const brand of brands) {
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
