// The argument parser of the commands: flags, values, positionals, usage errors.
import { SsgError } from '../errors.ts';
import { ssgCommand } from '../shared/package-manager.ts';
import type { CommandSpec, FlagSpec } from './commands.ts';
import { closest } from './suggest.ts';

/** A command's arguments: each flag given (`true` for one without a value), then the positionals. */
export interface ParsedArgs {
  flags: ReadonlyMap<string, string | true>;
  positionals: string[];
}

const helpPointer = (spec: CommandSpec): string =>
  `Run "${ssgCommand(spec.manager ?? 'npm', `${spec.name} --help`)}" to see its options.`;

/** A usage error of one command, pointing to its help. */
export const usageError = (spec: CommandSpec, message: string): SsgError =>
  new SsgError('USAGE', message, { hint: helpPointer(spec) });

/**
 * Parses a command's arguments against its flags. Unlike node's parseArgs it knows flags whose
 * value is optional (`--host` alone or `--host 0.0.0.0`, as in Vite) and names the flag a
 * mistyped one most likely meant.
 */
export function parseArgs(spec: CommandSpec, args: readonly string[]): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const [given = arg, ...after] = arg.split('=');
    const inline = after.length > 0 ? after.join('=') : undefined;
    // Only long flags: -h is handled before parsing, and no command has other short ones.
    const flag = given.startsWith('--')
      ? spec.flags.find((f) => f.name === given.slice(2))
      : undefined;
    if (!flag) throw unknownFlag(spec, given);
    const next = args[i + 1];
    const nextIsValue = next !== undefined && !next.startsWith('-');
    if (flag.kind === 'boolean') {
      if (inline !== undefined)
        throw usageError(spec, `--${flag.name} takes no value; "${arg}" gives it one.`);
      flags.set(flag.name, true);
    } else if (inline !== undefined) {
      flags.set(flag.name, checked(spec, flag, inline));
    } else if (nextIsValue) {
      flags.set(flag.name, checked(spec, flag, next));
      i++;
    } else if (flag.kind === 'optional') {
      flags.set(flag.name, true);
    } else {
      throw usageError(
        spec,
        `--${flag.name} needs a value: --${flag.name} ${flag.value ?? 'VALUE'}.`,
      );
    }
  }
  const allowed = spec.argument ? 1 : 0;
  if (positionals.length > allowed) {
    throw usageError(
      spec,
      `ssg ${spec.name} takes ${allowed === 0 ? 'no arguments' : 'one argument'}; "${positionals[allowed]}" is one too many.`,
    );
  }
  if (spec.argument?.required && positionals.length === 0) {
    throw usageError(
      spec,
      `ssg ${spec.name} needs ${spec.argument.name}: ${spec.argument.description}.`,
    );
  }
  return { flags, positionals };
}

function checked(spec: CommandSpec, flag: FlagSpec, value: string): string {
  if (flag.choices && !flag.choices.includes(value)) {
    const near = closest(value, flag.choices);
    throw usageError(
      spec,
      `--${flag.name} "${value}" is not one of ${flag.choices.join(', ')}.${near ? ` Did you mean "${near}"?` : ''}`,
    );
  }
  return value;
}

function unknownFlag(spec: CommandSpec, given: string): SsgError {
  const name = given.replace(/^--?/, '');
  const near = closest(name, [...spec.flags.map((f) => f.name), 'help']);
  return usageError(
    spec,
    `Unknown flag "${given}" for ssg ${spec.name}.${near ? ` Did you mean "--${near}"?` : ''}`,
  );
}

/** A port number from a flag's value; `fallback` when the flag is absent. */
export function portOf(
  spec: CommandSpec,
  value: string | true | undefined,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value === true || !/^\d+$/.test(value) || n > 65535)
    throw usageError(spec, `--port "${String(value)}" is not a port number (0-65535).`);
  return n;
}

/** A whole number of 1 or more from a flag's value, or undefined when the flag is absent. */
export function countOf(
  spec: CommandSpec,
  flag: string,
  value: string | true | undefined,
): number | undefined {
  if (value === undefined) return undefined;
  if (value === true || !/^[1-9]\d*$/.test(value))
    throw usageError(spec, `--${flag} "${String(value)}" is not a whole number, 1 or more.`);
  return Number(value);
}

/** A flag's text value, or undefined when it is absent or stood alone. */
export const textOf = (value: string | true | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;
