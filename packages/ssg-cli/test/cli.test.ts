// Real: the `ssg` command in a child process (builds, and one mistake and --version), and its compiled main() in this process for the help texts and mistakes, on the mini fixture site. Faked: the streams of the in-process runs (string collectors).
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contentCopy, MINI_CLI_SITE, MINI_CONTENT, miniSiteCopy, tempDir } from './helpers.ts';

const BIN = path.resolve(import.meta.dirname, '../bin/ssg.mjs');
const PACKAGE = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
) as { version: string };

/** Runs `ssg` with colours off unless `env` turns them on (FORCE_COLOR from the test runner is dropped). */
const ssg = (args: string[], env: Record<string, string> = { NO_COLOR: '1' }) => {
  const { FORCE_COLOR: _force, NO_COLOR: _no, ...rest } = process.env;
  return spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...rest, ...env },
  });
};

const build = (root: string, ...more: string[]) =>
  ssg(['build', '--root', root, '--content', MINI_CONTENT, ...more]);

describe('ssg build', () => {
  it('ends with a summary: pages, what was reused, bytes raw and gzip, inlined CSS, stage times', () => {
    const out = path.join(tempDir(), 'out');
    const run = build(MINI_CLI_SITE, '--out', out);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Built 5 pages of brand main into .*out in \d+ ms/);
    // a new folder: no page to reuse; the client bundle when another test built the site before
    expect(run.stdout).toMatch(/reused: 0 of 5 pages( · client bundle)?\n/);
    expect(run.stdout).toMatch(
      /bytes: HTML [\d.]+ kB · JS [\d.]+ kB \([\d.]+ kB gzip\) · CSS inlined \(\d+ B in every page, \d+ B gzip\) · JSON/,
    );
    expect(run.stdout).not.toContain('CSS 0 B');
    expect(run.stdout).toMatch(
      /stages: config \d+ ms · content \d+ ms · routes \d+ ms · bundle \d+ ms · render \d+ ms · emit \d+ ms · service-worker \d+ ms/,
    );
  });

  it('reuses the last build into the same folder, and --force builds everything anew', () => {
    // a copy of its own: --force removes the caches other files' builds of the site read
    const root = miniSiteCopy();
    const out = path.join(tempDir(), 'out');
    expect(build(root, '--out', out).status).toBe(0);
    const again = build(root, '--out', out);
    expect(again.stdout).toContain('reused: 5 of 5 pages · client bundle · output untouched');
    const forced = build(root, '--out', out, '--force');
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('reused: 0 of 5 pages\n');
  }, 120_000); // two Vite builds (the copy's first and --force's): over 60 s at load 30

  it('exits 2 naming the brands when the brand is unknown', () => {
    const run = build(MINI_CLI_SITE, '--brand', 'pet');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'ssg: [USAGE] --brand "pet" is not a brand of this site; the brands are main, alt.',
    );
  });

  it('exits 1 on bad content: the failed stage, then the code, file, field, value and what is expected', () => {
    const content = contentCopy();
    writeFileSync(
      path.join(content, 'site.json'),
      JSON.stringify({ name: 42, tagline: 'x', pages: [] }),
    );
    const run = ssg([
      'build',
      '--root',
      MINI_CLI_SITE,
      '--content',
      content,
      '--out',
      path.join(tempDir(), 'out'),
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^ {2}✗ load and validate content\nssg: \[CONTENT_INVALID\] The content in /,
    );
    expect(run.stderr).toContain('site.json at name (found 42): Expected a string.');
    expect(run.stderr).toContain('nothing was written');
  });

  it("names the file and line of the component that threw, in the site's own source", () => {
    const root = miniSiteCopy();
    const page = path.join(root, 'src/pages/page.tsx');
    const lines = readFileSync(page, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.includes('return ('));
    lines.splice(at, 0, "  if (data.title) throw new Error('no page for you');");
    writeFileSync(page, lines.join('\n'));
    const run = build(root, '--out', path.join(tempDir(), 'out'));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('[RENDER_FAILED] Rendering page /sobre/ failed: no page for you');
    // line numbers of the source file, not of the bundle Vite made from it
    expect(run.stderr).toMatch(new RegExp(`at Page \\(.*src/pages/page\\.tsx:${at + 1}:\\d+\\)`));
  });
});

/** The compiled CLI's main(), which bin/ssg.mjs calls: run in this process, no Node start-up each. */
const COMPILED = pathToFileURL(path.resolve(import.meta.dirname, '../dist/cli.js')).href;
type Cli = typeof import('../src/cli.ts');

/** `ssg ARGS` through the compiled main() with collected streams (a pipe's: no terminal). */
async function ssgIn(args: string[], env: Record<string, string> = { NO_COLOR: '1' }) {
  const { main } = (await import(COMPILED)) as Cli;
  const { FORCE_COLOR: _force, NO_COLOR: _no, ...rest } = process.env;
  let stdout = '';
  let stderr = '';
  const status = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { ...rest, ...env },
    cwd: process.cwd(),
  });
  return { status, stdout, stderr };
}

describe('ssg help, version and mistakes', () => {
  it('the command exits with the code and prints on the stream that main() gives, plain on a pipe', () => {
    const mistake = ssg(['buidl'], {});
    expect(mistake.status).toBe(2);
    expect(mistake.stdout).toBe('');
    expect(mistake.stderr).toContain('ssg: [USAGE] Unknown command "buidl". Did you mean "build"?');
    expect(mistake.stderr).not.toContain('\u001b[');
    const version = ssg(['--version']);
    expect([version.status, version.stdout, version.stderr]).toEqual([
      0,
      `${PACKAGE.version}\n`,
      '',
    ]);
  });

  it("prints each command's help on stdout with exit 0: --help, -h and ssg help <command>", async () => {
    for (const args of [
      ['build', '--help'],
      ['build', '-h'],
      ['help', 'build'],
      ['build', '--out', 'x', '--help'],
    ]) {
      const run = await ssgIn(args);
      expect(run.status, args.join(' ')).toBe(0);
      expect(run.stderr, args.join(' ')).toBe('');
      expect(run.stdout, args.join(' ')).toContain('Builds the site into static files');
      expect(run.stdout).toContain('--force ');
      expect(run.stdout).toMatch(
        /--keep-builds N +builds whose chunks .*\(default: keepBuilds of ssg\.config\.ts, else 2\)/,
      );
      expect(run.stdout).toContain('Examples:\n  ssg build ');
    }
    const serve = (await ssgIn(['serve', '--help'])).stdout;
    expect(serve).toMatch(/--port N +the port to listen on \(default: 4173\)/);
    expect(serve).toMatch(/--host \[HOST\] +.*--host alone listens on every address/);
    expect((await ssgIn(['dev', '-h'])).stdout).toMatch(
      /--port N +the port to listen on \(default: 5173\)/,
    );
    expect((await ssgIn(['init', '--help'])).stdout).toContain('Usage: ssg init DIR [--force]');
  });

  it('lists the commands on ssg --help, and says nothing of a particular site', async () => {
    const run = await ssgIn(['--help']);
    expect(run.status).toBe(0);
    for (const command of ['build', 'dev', 'serve', 'init', 'help'])
      expect(run.stdout).toMatch(new RegExp(`^ {2}${command} +\\S`, 'm'));
    const helps = await Promise.all(
      ['build', 'dev', 'serve', 'init'].map(async (c) => (await ssgIn([c, '--help'])).stdout),
    );
    expect(helps.join('\n') + run.stdout).not.toMatch(
      /\b(vet|med|digital|psico|odonto)\b|packages\/site|content\//,
    );
  });

  it('prints the version of @ssg/cli with --version and -v', async () => {
    for (const flag of ['--version', '-v']) {
      const run = await ssgIn([flag]);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(`${PACKAGE.version}\n`);
    }
  });

  it('exits 2 on stderr naming the closest command or flag, and where to look', async () => {
    const cases: Array<[string[], string]> = [
      [['buidl'], 'ssg: [USAGE] Unknown command "buidl". Did you mean "build"?'],
      [['ser'], 'Unknown command "ser". Did you mean "serve"?'],
      [['deploy'], 'Unknown command "deploy".\n'],
      [['build', '--forse'], 'Unknown flag "--forse" for ssg build. Did you mean "--force"?'],
      [
        ['serve', '--strict'],
        'Unknown flag "--strict" for ssg serve. Did you mean "--strict-port"?',
      ],
      [
        ['build', '--trailing-slash', 'nevr'],
        '--trailing-slash "nevr" is not one of always, never, ignore. Did you mean "never"?',
      ],
      [['build', '--out'], '--out needs a value: --out DIR.'],
      [['init'], 'ssg init needs DIR'],
    ];
    for (const [args, message] of cases) {
      const run = await ssgIn(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stdout, args.join(' ')).toBe('');
      expect(run.stderr, args.join(' ')).toContain(message);
      // as the package manager that runs the tests runs ssg (package-manager-hints.test.ts: each one)
      expect(run.stderr, args.join(' ')).toMatch(
        /hint: Run "(npx|pnpm exec|yarn) ssg (build |serve |init |)--help"/,
      );
    }
  });

  it('colours errors only when asked to or on a terminal: NO_COLOR wins, FORCE_COLOR colours a pipe', async () => {
    const esc = '\u001b[';
    expect((await ssgIn(['buidl'], {})).stderr).not.toContain(esc); // a pipe, no terminal
    expect((await ssgIn(['buidl'], { NO_COLOR: '1' })).stderr).not.toContain(esc);
    const forced = (await ssgIn(['buidl'], { FORCE_COLOR: '1' })).stderr;
    expect(forced).toContain(`${esc}31m[USAGE]`);
    expect((await ssgIn(['buidl'], { FORCE_COLOR: '1', NO_COLOR: '1' })).stderr).not.toContain(esc);
  });
});

describe('the compiled CLI', () => {
  it('runs from dist/ (the published JavaScript), whose version() finds the package.json', async () => {
    const compiled = path.resolve(import.meta.dirname, '../dist/cli.js');
    expect(statSync(compiled).isFile()).toBe(true);
    const { version } = (await import(pathToFileURL(compiled).href)) as { version(): string };
    // (that `ssg --version` prints it: the test above)
    expect(version()).toBe(PACKAGE.version);
  });
});
