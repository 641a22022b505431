/**
 * The commands and their flags, once: the parser, the help texts and the suggestions for a
 * mistyped name all read this table. Defaults name the site's config, never a particular site.
 */

import type { PackageManager } from '../shared/package-manager.ts';

export type CommandName = 'build' | 'dev' | 'serve' | 'init' | 'help';

/** `string` takes a value; `boolean` takes none; `optional` takes one or stands alone (`--host`). */
export type FlagKind = 'string' | 'boolean' | 'optional';

export interface FlagSpec {
  /** Without the dashes: `out` for `--out`. */
  name: string;
  kind: FlagKind;
  /** What the value looks like in help: `DIR`, `N`, `always|never|ignore`. */
  value?: string;
  /** The accepted values, when there are few. */
  choices?: readonly string[];
  description: string;
  /** What applies when the flag is absent, in words. */
  default: string;
}

export interface CommandSpec {
  name: CommandName;
  /** What the command does, in one sentence. */
  summary: string;
  /** The one positional argument, when the command takes one. */
  argument?: { name: string; required: boolean; description: string; default?: string };
  flags: readonly FlagSpec[];
  examples: ReadonlyArray<{ command: string; does: string }>;
  /** How the user runs ssg, set by the CLI from npm_config_user_agent: usage hints name the command so (npm when unset). */
  manager?: PackageManager;
}

const strictPort: FlagSpec = {
  name: 'strict-port',
  kind: 'boolean',
  description: 'stop with an error when the port is taken, instead of taking the next free one',
  default: 'off',
};

const root: FlagSpec = {
  name: 'root',
  kind: 'string',
  value: 'DIR',
  description: 'the site folder, where ssg.config.ts is',
  default: 'the current folder',
};
const content: FlagSpec = {
  name: 'content',
  kind: 'string',
  value: 'DIR',
  description: "the folder of the site's content",
  default: 'contentDir of ssg.config.ts',
};
const brand: FlagSpec = {
  name: 'brand',
  kind: 'string',
  value: 'NAME',
  description: "which of the site's brands to build, when it declares brands",
  default: "the site's first brand",
};
const host: FlagSpec = {
  name: 'host',
  kind: 'optional',
  value: '[HOST]',
  description:
    'the address to listen on; --host alone listens on every address (for a phone on the same network)',
  default: '127.0.0.1, this machine only',
};
const port = (fallback: number): FlagSpec => ({
  name: 'port',
  kind: 'string',
  value: 'N',
  description: 'the port to listen on',
  default: String(fallback),
});

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'build',
    summary:
      'Builds the site into static files: the HTML of every page, the JSON that client-side navigation reads and the browser bundle.',
    flags: [
      root,
      {
        name: 'out',
        kind: 'string',
        value: 'DIR',
        description: 'where the build is written',
        default: 'outDir of ssg.config.ts',
      },
      content,
      brand,
      {
        name: 'trailing-slash',
        kind: 'string',
        value: 'always|never|ignore',
        choices: ['always', 'never', 'ignore'],
        description: 'whether page URLs end in a slash',
        default: 'trailingSlash of ssg.config.ts, else always',
      },
      {
        name: 'keep-builds',
        kind: 'string',
        value: 'N',
        description: 'builds whose chunks stay in the output for tabs still running them',
        default: 'keepBuilds of ssg.config.ts, else 2',
      },
      {
        name: 'no-service-worker',
        kind: 'boolean',
        description:
          'write a service worker that unregisters itself, switching offline support off',
        default: 'serviceWorker of ssg.config.ts, else on',
      },
      {
        name: 'compress',
        kind: 'string',
        value: 'auto|all|none',
        choices: ['auto', 'all', 'none'],
        description:
          'write .br and .gz siblings of text files over 1 KB (auto: all up to 1,000 pages, else the client bundle)',
        default: 'auto',
      },
      {
        name: 'force',
        kind: 'boolean',
        description: 'build everything anew instead of reusing what the last build left',
        default: 'off',
      },
    ],
    examples: [
      { command: 'ssg build', does: 'build the site in the current folder' },
      {
        command: 'ssg build --root site --out public --force',
        does: 'build ./site into ./public, from scratch',
      },
    ],
  },
  {
    name: 'dev',
    summary:
      'Starts a development server that renders pages on request, updates components in place and reloads the page when content changes.',
    flags: [root, content, brand, port(5173), host, strictPort],
    examples: [
      { command: 'ssg dev', does: 'start on http://127.0.0.1:5173/' },
      { command: 'ssg dev --host --port 3000', does: 'open it to the local network on port 3000' },
    ],
  },
  {
    name: 'serve',
    summary:
      'Serves a finished build with the URL rules of production, to check it before deploying.',
    argument: {
      name: 'DIR',
      required: false,
      description: 'the build to serve',
      default: "the config's outDir",
    },
    flags: [root, brand, port(4173), host, strictPort],
    examples: [
      { command: 'ssg serve', does: 'serve ./dist on http://127.0.0.1:4173/' },
      { command: 'ssg serve public --port 8080', does: 'serve ./public on port 8080' },
    ],
  },
  {
    name: 'init',
    summary: 'Writes a small working site into a new folder, ready for ssg dev.',
    argument: { name: 'DIR', required: true, description: 'the folder to create' },
    flags: [
      {
        name: 'force',
        kind: 'boolean',
        description: 'write into DIR even when it is not empty',
        default: 'off',
      },
    ],
    examples: [{ command: 'ssg init my-site', does: 'create ./my-site' }],
  },
  {
    name: 'help',
    summary: 'Prints the help of a command, or the list of commands.',
    argument: { name: 'COMMAND', required: false, description: 'the command to explain' },
    flags: [],
    examples: [{ command: 'ssg help build', does: 'the same as ssg build --help' }],
  },
];

export const commandNamed = (name: string): CommandSpec | undefined =>
  COMMANDS.find((command) => command.name === name);
