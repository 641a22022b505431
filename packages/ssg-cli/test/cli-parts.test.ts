// Real: the argument parser, suggestions, help-free printing helpers, the terminal reporter, the
// progress counter, and the render and emit stages on the mini site. Faked: the terminal (a string
// collector that says it is a TTY), the clock of the counter's caller, and emit's client bundle (no Vite).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClientBundle } from '../src/bundle/client.ts';
import { startBundler } from '../src/bundle/process.ts';
import { initReport, servingLines } from '../src/cli/actions.ts';
import { parseArgs } from '../src/cli/args.ts';
import { commandNamed } from '../src/cli/commands.ts';
import { summary, terminalReporter } from '../src/cli/reporter.ts';
import { closest } from '../src/cli/suggest.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { loadContent } from '../src/content/load-content.ts';
import { outputOf } from '../src/emit/output.ts';
import { writeOutput } from '../src/emit/write-output.ts';
import { exitCodeOf, formatError, SsgError } from '../src/errors.ts';
import { configReuse } from '../src/incremental/index.ts';
import { progressCounter } from '../src/progress.ts';
import { renderPages } from '../src/render/render-pages.ts';
import { collectRoutes } from '../src/routes/collect-routes.ts';
import type { BuildReporter, BuildResult, StageName } from '../src/types.ts';
import { MINI_CONTENT, MINI_SITE, tempDir } from './helpers.ts';

const spec = (name: string) => {
  const found = commandNamed(name);
  if (!found) throw new Error(name);
  return found;
};

/** A stream that collects what is written, a terminal or not. */
const collector = (isTTY: boolean) => {
  const stream = { isTTY, text: '', write: (t: string) => (stream.text += t) };
  return stream;
};
const ESC = `${String.fromCharCode(27)}[`;
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g');
/** What a terminal shows: each line as last redrawn, colours removed. */
const screen = (text: string) =>
  text
    .replace(COLOUR, '')
    .split('\n')
    .map((line) => line.split(`\r${ESC}2K`).at(-1))
    .join('\n');

describe('suggestions', () => {
  it('names the command or flag within two edits or begun, and nothing wild', () => {
    const commands = ['build', 'dev', 'serve', 'init', 'help'];
    expect(closest('buidl', commands)).toBe('build');
    expect(closest('serv', commands)).toBe('serve');
    expect(closest('ser', commands)).toBe('serve');
    expect(closest('deploy', commands)).toBeUndefined();
    expect(closest('keep-build', ['keep-builds', 'force'])).toBe('keep-builds');
  });
});

describe('arguments', () => {
  it('reads --host alone as every address and --host VALUE as that address, like Vite', () => {
    const dev = spec('dev');
    expect(parseArgs(dev, ['--host']).flags.get('host')).toBe(true);
    expect(parseArgs(dev, ['--host', '--port', '3000']).flags).toEqual(
      new Map<string, string | true>([
        ['host', true],
        ['port', '3000'],
      ]),
    );
    expect(parseArgs(dev, ['--host', '192.168.0.2']).flags.get('host')).toBe('192.168.0.2');
    expect(parseArgs(dev, ['--host=0.0.0.0']).flags.get('host')).toBe('0.0.0.0');
  });

  it("takes serve's folder and refuses a value on a switch or a second folder", () => {
    const serve = spec('serve');
    expect(parseArgs(serve, ['public', '--strict-port']).positionals).toEqual(['public']);
    expect(() => parseArgs(spec('build'), ['--force=yes'])).toThrow('--force takes no value');
    expect(() => parseArgs(serve, ['a', 'b'])).toThrow('"b" is one too many');
  });

  it('gives the new error codes the exit code of usage errors', () => {
    expect(exitCodeOf('PORT_IN_USE')).toBe(2);
    expect(exitCodeOf('INIT_TARGET_NOT_EMPTY')).toBe(2);
    expect(exitCodeOf('CONTENT_INVALID')).toBe(1);
    expect(formatError(new SsgError('PORT_IN_USE', 'Port 4173 is in use.'))).toBe(
      'ssg: [PORT_IN_USE] Port 4173 is in use.',
    );
  });
});

describe('what serve and init print', () => {
  it('says so when the port asked for was taken', () => {
    const server = {
      dir: '/site/dist',
      url: 'http://127.0.0.1:4174/',
      port: 4174,
      requestedPort: 4173,
    };
    expect(servingLines(server, '/site')).toEqual([
      'Port 4173 is in use, serving on 4174 instead.',
      'Serving dist at http://127.0.0.1:4174/',
    ]);
    expect(servingLines({ ...server, requestedPort: 4174 }, '/site')).toEqual([
      'Serving dist at http://127.0.0.1:4174/',
    ]);
    expect(
      servingLines(
        { dir: '/site/dist', url: 'http://x/', port: 1, requestedPort: 1 },
        '/elsewhere',
      ),
    ).toEqual(['Serving /site/dist at http://x/']);
  });

  it('lists what init wrote and the next steps', () => {
    const lines = initReport(
      { dir: '/home/me/my-site', files: ['package.json', 'ssg.config.ts'] },
      '/home/me',
    );
    expect(lines.join('\n')).toBe(
      [
        'Wrote a new site into my-site:',
        '  package.json',
        '  ssg.config.ts',
        '',
        'Next steps:',
        '  cd my-site',
        '  npm install',
        '  npx ssg dev',
      ].join('\n'),
    );
  });
});

const result = (over: Partial<BuildResult> = {}): BuildResult => ({
  outDir: '/p/dist',
  brand: 'main',
  compilationHash: 'abc',
  pages: 10_000,
  bytes: { html: 40_960, js: 204_800, css: 0, json: 2048, other: 10, gzip: { js: 65_536, css: 0 } },
  stages: [{ name: 'config', ms: 12 }],
  warnings: [],
  reused: { pages: 9998, client: true, output: false, patched: true },
  ...over,
});

describe('the summary', () => {
  it('says what was reused, the gzip size of JS, and the inlined CSS as what every page carries', () => {
    const text = summary(
      result({ bytes: { ...result().bytes, css: 2560, gzip: { js: 65_536, css: 900 } } }),
      '/p',
    );
    expect(text).toContain('Built 10,000 pages of brand main into dist in 12 ms');
    expect(text).toContain(
      'reused: 9,998 of 10,000 pages · client bundle · output updated in place\n',
    );
    expect(text).toContain(
      'JS 200.0 kB (64.0 kB gzip) · CSS inlined (2.5 kB in every page, 900 B gzip) · JSON',
    );
  });

  it('names no brand when the site declares none, and no CSS when there is none', () => {
    const text = summary(result({ brand: '' }), '/p');
    expect(text).toContain('Built 10,000 pages into dist');
    expect(text).not.toContain('brand');
    expect(text).toContain('no CSS');
    expect(text).not.toContain('CSS 0 B');
  });
});

describe('the terminal reporter', () => {
  it('counts inside a stage, ends it with ✓ or ✗, and prints the warnings once, grouped, at the end', () => {
    const stream = collector(true);
    const reporter = terminalReporter(stream, {});
    reporter.stageStart('render');
    reporter.progress?.('render', 4000, 10_000);
    expect(screen(stream.text)).toBe('  … render pages 4,000/10,000');
    reporter.stageEnd('render', 612.4);
    reporter.stageStart('emit');
    reporter.warn('The page-data of /a/ is 600 KB.');
    reporter.warn('The page-data of /a/ is 600 KB.');
    reporter.warn('The page-data of /b/ is 700 KB.');
    reporter.stageFail?.('emit');
    reporter.printWarnings();
    expect(screen(stream.text)).toBe(
      [
        '  ✓ render pages 612 ms',
        '  ✗ write files',
        '2 warnings:',
        '  - The page-data of /a/ is 600 KB. (2 times)',
        '  - The page-data of /b/ is 700 KB.',
        '',
      ].join('\n'),
    );
    expect(stream.text).toContain(`${ESC}32m✓`);
    expect(stream.text).toContain(`${ESC}31m✗`);
    expect(stream.text).toContain(`${ESC}33m2 warnings:`);
  });

  it('writes no colours with NO_COLOR, and only the failure and warnings when not on a terminal', () => {
    const plain = collector(true);
    const reporter = terminalReporter(plain, { NO_COLOR: '1' });
    reporter.stageStart('render');
    reporter.stageEnd('render', 5);
    expect(plain.text).not.toMatch(/\[\d+m/);
    const piped = collector(false);
    const quiet = terminalReporter(piped, {});
    quiet.stageStart('render');
    quiet.progress?.('render', 1, 2);
    quiet.stageFail?.('render');
    quiet.warn('w');
    quiet.printWarnings();
    expect(piped.text).toBe('  ✗ render pages\n1 warning:\n  - w\n');
    const forced = collector(false);
    terminalReporter(forced, { FORCE_COLOR: '1' }).stageFail?.('render');
    expect(forced.text).toContain(`${ESC}31m✗`);
  });
});

/** A reporter that records each progress report. */
const recording = () => {
  const reports: Array<[StageName, number, number]> = [];
  const reporter: BuildReporter = {
    stageStart() {},
    stageEnd() {},
    warn() {},
    progress: (stage, done, total) => reports.push([stage, done, total]),
  };
  return { reporter, reports };
};

describe('progress of long stages', () => {
  it('reports every 500 items and at the last one, not at each', () => {
    const { reporter, reports } = recording();
    const tick = progressCounter(reporter, 'render', 10_000);
    for (let i = 0; i < 10_000; i++) tick();
    expect(reports.length).toBeGreaterThanOrEqual(20);
    expect(reports.length).toBeLessThanOrEqual(40); // the 100 ms rule may add a few on a slow machine
    expect(reports.at(-1)).toEqual(['render', 10_000, 10_000]);
    expect(reports[0]?.[1]).toBeLessThanOrEqual(500);
  });

  it('comes from the render and emit stages of a real site', async () => {
    const outDir = path.join(tempDir(), 'out');
    const bundler = startBundler();
    const config = { root: MINI_SITE, contentDir: MINI_CONTENT, outDir };
    const { site } = await resolveConfig(config, bundler, configReuse);
    await bundler.stop();
    const { reporter, reports } = recording();
    const { content } = await loadContent(site);
    const routes = collectRoutes(site, content);
    // without Vite: a client bundle of no files
    const client: ClientBundle = {
      entry: '/_ssg/entry.js',
      entryChunks: { js: [] },
      components: {},
      styles: 'p{}',
      files: [],
    };
    const made = { ...site, content, routes, client, reporter };
    const rendered = await renderPages(made);
    expect(reports.at(-1)).toEqual(['render', 5, 5]);
    mkdirSync(site.stagingDir, { recursive: true });
    const output = outputOf({ ...made, rendered });
    const { bytes } = await writeOutput(output, { ...made, copied: [] });
    const emitted = reports.filter(([stage]) => stage === 'emit');
    expect(emitted.at(-1)?.[1]).toBe(emitted.at(-1)?.[2]);
    expect(emitted.at(-1)?.[2]).toBeGreaterThan(5);
    expect(bytes.css).toBe(3);
  });
});
