// The help texts of `ssg` and of each command.
import { COMMANDS, type CommandSpec, type FlagSpec } from './commands.ts';

const flagLabel = (flag: FlagSpec): string =>
  flag.value ? `--${flag.name} ${flag.value}` : `--${flag.name}`;

/** Two columns: the left one as wide as its widest entry. */
function columns(rows: ReadonlyArray<[string, string]>): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

/** `ssg build [--root DIR] [--out DIR] …`: the one-line form of a command. */
export function usageLine(spec: CommandSpec): string {
  const argument = spec.argument
    ? spec.argument.required
      ? ` ${spec.argument.name}`
      : ` [${spec.argument.name}]`
    : '';
  const flags = spec.flags.map((flag) => ` [${flagLabel(flag)}]`).join('');
  return `ssg ${spec.name}${argument}${flags}`;
}

/** `ssg <command> --help`: what it does, its argument and every flag with its default, examples. */
export function commandHelp(spec: CommandSpec): string {
  const rows: Array<[string, string]> = spec.flags.map((flag) => [
    flagLabel(flag),
    `${flag.description} (default: ${flag.default})`,
  ]);
  rows.push(['-h, --help', 'print this help']);
  const lines = [spec.summary, '', `Usage: ${usageLine(spec)}`, ''];
  if (spec.argument) {
    const { name, description, default: fallback } = spec.argument;
    lines.push(
      'Argument:',
      ...columns([[name, fallback ? `${description} (default: ${fallback})` : description]]),
      '',
    );
  }
  lines.push('Options:', ...columns(rows), '', 'Examples:');
  lines.push(...columns(spec.examples.map((e) => [e.command, `# ${e.does}`])));
  return lines.join('\n');
}

/** `ssg --help`: the commands, each with what it does. */
export function generalHelp(version: string): string {
  return [
    `ssg ${version}: a static-site generator for React sites.`,
    '',
    'Usage: ssg <command> [options]',
    '',
    'Commands:',
    ...columns(COMMANDS.map((c) => [c.name, c.summary])),
    '',
    'Options:',
    ...columns([
      ['-h, --help', "print this help; after a command, that command's help"],
      ['-v, --version', 'print the version of ssg'],
    ]),
    '',
    'Run "ssg <command> --help" for the options of a command.',
  ].join('\n');
}
