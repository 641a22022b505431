import { type ParseArgsConfig, parseArgs } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

import type { TrailingSlash } from './build/context.ts';
import { exitCodeOf, formatError, SsgError } from './errors.ts';

export const USAGE = `Usage:
  ssg build [--out DIR] [--brand vet|med|digital|psico|odonto] [--content DIR] [--site DIR] [--trailing-slash always|never|ignore]
            [--keep-builds N] [--no-service-worker]
  ssg serve [DIR] [--port N]
  ssg dev [--brand B] [--content DIR] [--site DIR] [--port N]`;

const usageError = (message: string): SsgError => new SsgError('USAGE', message, { hint: USAGE });

function parse(args: string[], options: ParseArgsOptionsConfig, positionals = 0) {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true });
  } catch (error) {
    throw usageError(`${(error as Error).message.replace(/\.$/, '')}.`);
  }
  if (parsed.positionals.length > positionals)
    throw usageError(`Unexpected argument "${parsed.positionals[positionals]}".`);
  return parsed as { values: Record<string, string | boolean | undefined>; positionals: string[] };
}

function port(value: string | boolean | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw usageError(`--port "${String(value)}" is not a port number (0-65535).`);
  return n;
}

/** A whole number of 1 or more, or undefined when the flag is absent. */
function count(value: string | boolean | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[1-9]\d*$/.test(value)) {
    throw usageError(`${flag} "${String(value)}" is not a whole number, 1 or more.`);
  }
  return Number(value);
}

const str = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** Parses arguments and calls the programmatic API; prints errors. Returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // `ssg build --help` asks for help, not for a build.
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    switch (command) {
      case 'build': {
        const { values } = parse(rest, {
          out: { type: 'string' },
          brand: { type: 'string' },
          content: { type: 'string' },
          site: { type: 'string' },
          'trailing-slash': { type: 'string' },
          'keep-builds': { type: 'string' },
          'no-service-worker': { type: 'boolean' },
        });
        const { build } = await import('./build/build.ts');
        const { summary, terminalReporter } = await import('./build/reporter.ts');
        const result = await build({
          outDir: str(values.out),
          brand: str(values.brand),
          contentDir: str(values.content),
          trailingSlash: str(values['trailing-slash']) as TrailingSlash | undefined,
          keepBuilds: count(values['keep-builds'], '--keep-builds'),
          serviceWorker: values['no-service-worker'] === true ? false : undefined,
          reporter: terminalReporter(),
        });
        process.stdout.write(`${summary(result)}\n`);
        return 0;
      }
      case 'serve': {
        const { values, positionals } = parse(
          rest,
          { port: { type: 'string' }, host: { type: 'string' } },
          1,
        );
        const { serve } = await import('./serve/server.ts');
        const server = await serve({
          dir: positionals[0] ?? 'dist/vet',
          port: port(values.port, 4173),
          host: str(values.host),
        });
        process.stdout.write(`Serving ${server.dir} at ${server.url}\n`);
        return await new Promise<number>(() => {});
      }
      case 'dev': {
        const { values } = parse(rest, {
          brand: { type: 'string' },
          content: { type: 'string' },
          site: { type: 'string' },
          port: { type: 'string' },
        });
        const { dev } = await import('./dev/dev-server.ts');
        const server = await dev({
          brand: str(values.brand),
          contentDir: str(values.content),
          port: port(values.port, 5173),
        });
        process.stdout.write(`Dev server at ${server.url}\n`);
        return await new Promise<number>(() => {});
      }
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(`${USAGE}\n`);
        return command === undefined ? 2 : 0;
      default:
        throw usageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    process.stderr.write(`${formatError(error)}\n`);
    const usage =
      error instanceof SsgError && error.code === 'USAGE' && !error.hint?.includes('Usage:');
    if (usage) process.stderr.write(`${USAGE}\n`);
    return error instanceof SsgError ? exitCodeOf(error.code) : 1;
  }
}
