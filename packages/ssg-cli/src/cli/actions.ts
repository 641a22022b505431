// What each command does once its arguments are parsed.
import path from 'node:path';
import { bundlesCold, forkBundleChild } from '../bundle/fork-child.ts';
import { outDirOfConfig } from '../config/out-dir.ts';
import type { Overwritten } from '../init/init.ts';
import {
  installCommand,
  type PackageManager,
  packageManagerOf,
  ssgCommand,
} from '../shared/package-manager.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import type { BuildOptions, CompressMode } from '../types.ts';
import { countOf, type ParsedArgs, portOf, textOf } from './args.ts';
import { type CommandSpec, commandNamed } from './commands.ts';
import { switchesFromEnv } from './env-switches.ts';
import { colorsFor, type Output, summary, terminalReporter } from './reporter.ts';

/** The streams and environment a command writes to and reads; tests pass collectors. */
export interface CliIO {
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** A command's spec as this run's user types it (its usage hints name their package manager). */
const specOf = (name: string, io: CliIO): CommandSpec => {
  const spec = commandNamed(name);
  if (!spec) throw new Error(`No command ${name}.`);
  return { ...spec, manager: managerOf(io) };
};

/** A path as the user would type it from where they are. */
const shown = (dir: string, cwd: string): string => {
  const rel = path.relative(cwd, dir);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? dir : rel;
};

/** The package manager that ran this command: its hints name the commands its user types. */
const managerOf = (io: CliIO): PackageManager => packageManagerOf(io.env.npm_config_user_agent);

/** Resolves when the process is told to stop: servers run until Ctrl+C. */
const forever = (): Promise<number> => new Promise<number>(() => {});

export async function runBuild(args: ParsedArgs, io: CliIO): Promise<number> {
  const spec = specOf('build', io);
  const { flags } = args;
  // The command owns its process: React's production build, whose renderToString is ~2.5x faster
  // than the development one (same HTML); Vite's child process inherits it.
  io.env.NODE_ENV ??= 'production';
  const switches = switchesFromEnv(io.env);
  // Vite will bundle: its process starts before the build's ~120 modules load, not after them
  if (
    switches.bundleProcess &&
    bundlesCold(path.resolve(io.cwd, textOf(flags.get('root')) ?? '.'), flags.has('force'))
  )
    switches.bundleChild = forkBundleChild();
  const { buildWith } = await import('../build.ts');
  const reporter = terminalReporter(io.stderr, io.env);
  const options: BuildOptions = {
    root: textOf(flags.get('root')),
    outDir: textOf(flags.get('out')),
    contentDir: textOf(flags.get('content')),
    brand: textOf(flags.get('brand')),
    // parseArgs checked it against the flag's choices
    trailingSlash: textOf(flags.get('trailing-slash')) as TrailingSlash | undefined,
    keepBuilds: countOf(spec, 'keep-builds', flags.get('keep-builds')),
    serviceWorker: flags.has('no-service-worker') ? false : undefined,
    force: flags.has('force') ? true : undefined,
    // parseArgs checked it against the flag's choices
    compress: textOf(flags.get('compress')) as CompressMode | undefined,
    reporter,
  };
  const result = await buildWith(options, switches);
  reporter.printWarnings();
  io.stdout.write(`${summary(result, io.cwd, colorsFor(io.stdout, io.env))}\n`);
  return 0;
}

export async function runDev(args: ParsedArgs, io: CliIO): Promise<number> {
  const spec = specOf('dev', io);
  const { flags } = args;
  const { dev } = await import('../dev/dev-server.ts');
  const server = await dev({
    root: textOf(flags.get('root')),
    contentDir: textOf(flags.get('content')),
    brand: textOf(flags.get('brand')),
    port: portOf(spec, flags.get('port'), 5173),
    host: flags.get('host'),
    strictPort: flags.has('strict-port'),
  });
  if (server.port !== server.requestedPort)
    io.stdout.write(`Port ${server.requestedPort} is in use, using ${server.port} instead.\n`);
  io.stdout.write(`Dev server at ${server.url}\n`);
  return forever();
}

export async function runServe(args: ParsedArgs, io: CliIO): Promise<number> {
  const spec = specOf('serve', io);
  const { flags, positionals } = args;
  const { serveWith } = await import('../serve/preview-server.ts');
  const [dir] = positionals;
  const manager = managerOf(io);
  const server = await serveWith(
    {
      dir:
        dir === undefined
          ? await outDirOfConfig(
              path.resolve(io.cwd, textOf(flags.get('root')) ?? '.'),
              textOf(flags.get('brand')),
              manager,
            )
          : path.resolve(io.cwd, dir),
      port: portOf(spec, flags.get('port'), 4173),
      host: flags.get('host'),
      strictPort: flags.has('strict-port'),
    },
    manager,
  );
  io.stdout.write(`${servingLines(server, io.cwd).join('\n')}\n`);
  return forever();
}

/** What `ssg serve` prints once listening: a line on the port when the asked-for one was taken. */
export function servingLines(
  server: { dir: string; url: string; port: number; requestedPort: number },
  cwd: string,
): string[] {
  const lines: string[] = [];
  const { port, requestedPort } = server;
  if (port !== requestedPort)
    lines.push(`Port ${requestedPort} is in use, serving on ${port} instead.`);
  lines.push(`Serving ${shown(server.dir, cwd)} at ${server.url}`);
  return lines;
}

export async function runInit(args: ParsedArgs, io: CliIO): Promise<number> {
  const [dir = ''] = args.positionals;
  const { init } = await import('../init/init.ts');
  const manager = managerOf(io);
  const result = await init({
    dir: path.resolve(io.cwd, dir),
    force: args.flags.has('force'),
    packageManager: manager,
  });
  io.stdout.write(`${initReport(result, io.cwd, manager).join('\n')}\n`);
  return 0;
}

/** What `ssg init` prints: the files it wrote, what they replaced, and what to run next (as `manager` runs it). */
export function initReport(
  result: { dir: string; files: string[]; overwritten?: ReadonlyArray<Overwritten> },
  cwd: string,
  manager: PackageManager = 'npm',
): string[] {
  const where = shown(result.dir, cwd);
  const overwritten = result.overwritten ?? [];
  const replaced = overwritten.map(({ path: file, linkTo }) =>
    linkTo === undefined
      ? `  ${file}`
      : `  ${file} (a symbolic link to ${linkTo}: the link was replaced, ${linkTo} is untouched)`,
  );
  return [
    `Wrote a new site into ${where}:`,
    ...result.files.map((file) => `  ${file}`),
    ...(replaced.length > 0
      ? ['', `Replaced what was already there (${replaced.length}):`, ...replaced]
      : []),
    '',
    'Next steps:',
    ...(where === '.' ? [] : [`  cd ${where.includes(' ') ? JSON.stringify(where) : where}`]),
    `  ${installCommand(manager)}`,
    `  ${ssgCommand(manager, 'dev')}`,
  ];
}
