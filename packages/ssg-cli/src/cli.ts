// The `ssg` command line: parses the arguments and runs a command.
import { readFileSync } from 'node:fs';
import { type CliIO, runBuild, runDev, runInit, runServe } from './cli/actions.ts';
import { type ParsedArgs, parseArgs } from './cli/args.ts';
import { COMMANDS, type CommandName, type CommandSpec, commandNamed } from './cli/commands.ts';
import { commandHelp, generalHelp } from './cli/help.ts';
import { colorsFor } from './cli/reporter.ts';
import { closest } from './cli/suggest.ts';
import { exitCodeOf, formatError, SsgError } from './errors.ts';
import { type PackageManager, packageManagerOf, ssgCommand } from './shared/package-manager.ts';

/** The version of @ssg/cli. This file is one level below the package folder, as src/cli.ts and as dist/cli.js. */
export function version(): string {
  const pkg: unknown = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  );
  const value =
    typeof pkg === 'object' && pkg !== null && 'version' in pkg ? pkg.version : undefined;
  return typeof value === 'string' ? value : 'unknown';
}

const RUN: Record<
  Exclude<CommandName, 'help'>,
  (args: ParsedArgs, io: CliIO) => Promise<number>
> = { build: runBuild, dev: runDev, serve: runServe, init: runInit };

/** The command a name stands for, or a usage error naming the closest one (as `manager` runs it). */
function commandOf(name: string, manager: PackageManager): CommandSpec {
  const spec = commandNamed(name);
  if (spec) return spec;
  const flag = name.startsWith('-');
  const known = flag ? ['--help', '-h', '--version', '-v'] : COMMANDS.map((c) => c.name);
  const near = closest(name, known);
  throw new SsgError(
    'USAGE',
    `Unknown ${flag ? 'option' : 'command'} "${name}".${near ? ` Did you mean "${near}"?` : ''}`,
    {
      hint:
        near && !flag
          ? `Run "${ssgCommand(manager, `${near} --help`)}" for its options, or "${ssgCommand(manager, '--help')}" for every command.`
          : `Run "${ssgCommand(manager, '--help')}" to see the commands, and "${ssgCommand(manager, '<command> --help')}" for the options of one.`,
    },
  );
}

const processIO = (): CliIO => ({
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});

/** Parses the arguments and calls the programmatic API; prints errors. Returns the exit code. */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const [first, ...rest] = argv;
  // help and the version go to stdout and end the run with 0
  const answer = (text: string): number => {
    io.stdout.write(`${text}\n`);
    return 0;
  };
  try {
    if (first === undefined) {
      io.stderr.write(`${generalHelp(version())}\n`);
      return 2;
    }
    if (first === '--help' || first === '-h') return answer(generalHelp(version()));
    if (first === '--version' || first === '-v') return answer(version());
    const manager = packageManagerOf(io.env.npm_config_user_agent);
    const spec: CommandSpec = { ...commandOf(first, manager), manager };
    if (spec.name === 'help') {
      const [topic] = parseArgs(spec, rest).positionals;
      return answer(
        topic === undefined ? generalHelp(version()) : commandHelp(commandOf(topic, manager)),
      );
    }
    // `ssg build --help` asks for help, not for a build; after `--` it is an argument.
    const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
    if (own.includes('--help') || own.includes('-h')) return answer(commandHelp(spec));
    return await RUN[spec.name](parseArgs(spec, rest), io);
  } catch (error) {
    io.stderr.write(`${formatError(error, colorsFor(io.stderr, io.env))}\n`);
    return error instanceof SsgError ? exitCodeOf(error.code) : 1;
  }
}
