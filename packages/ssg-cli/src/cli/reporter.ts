// The terminal reporter of `ssg build` and the summary of a build.
import path from 'node:path';
import picocolors from 'picocolors';
import type { BuildReporter, BuildResult, StageName } from '../types.ts';

const LABELS: Record<StageName, string> = {
  config: 'resolve config',
  content: 'load and validate content',
  routes: 'collect routes',
  bundle: 'bundle the client (vite)',
  render: 'render pages',
  emit: 'write files',
  'service-worker': 'generate service worker',
};

export type Colors = ReturnType<typeof picocolors.createColors>;

/** Where the CLI writes: a process stream, or a string collector in tests. */
export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * Colours for one stream, through picocolors: none when NO_COLOR is set, always when FORCE_COLOR
 * is, otherwise only on a terminal (a log file or a pipe gets plain text).
 */
export function colorsFor(stream: Output, env: NodeJS.ProcessEnv = process.env): Colors {
  const terminal = stream.isTTY === true && env.TERM !== 'dumb';
  return picocolors.createColors(!env.NO_COLOR && (Boolean(env.FORCE_COLOR) || terminal));
}

const ms = (value: number): string => `${Math.round(value)} ms`;
const count = (n: number): string => n.toLocaleString('en-US');
export const kb = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;

/** A reporter that also prints the build's warnings, grouped, once the build is over. */
export interface TerminalReporter extends BuildReporter {
  /** Prints each warning once under "N warnings:"; nothing when there were none. */
  printWarnings(): void;
}

/**
 * Progress on a terminal: one line per stage that ends with ✓ and its time, or ✗ when the stage
 * failed, and a counter inside long stages. Piped output gets only failures and warnings (the
 * summary still prints).
 */
export function terminalReporter(
  stream: Output = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): TerminalReporter {
  const tty = stream.isTTY === true;
  const c = colorsFor(stream, env);
  // Rewrites the current line in place (carriage return, erase the line).
  const redraw = (text: string) => stream.write(`\r\x1b[2K${text}`);
  const warnings = new Map<string, number>();
  let running: StageName | undefined;
  return {
    stageStart(stage) {
      running = stage;
      if (tty) redraw(`  ${c.dim('…')} ${LABELS[stage]}`);
    },
    progress(stage, done, total) {
      if (tty && stage === running)
        redraw(`  ${c.dim('…')} ${LABELS[stage]} ${c.dim(`${count(done)}/${count(total)}`)}`);
    },
    stageEnd(stage, time) {
      running = undefined;
      if (tty) redraw(`  ${c.green('✓')} ${LABELS[stage]} ${c.dim(ms(time))}\n`);
    },
    stageFail(stage) {
      running = undefined;
      const line = `  ${c.red('✗')} ${LABELS[stage]}\n`;
      if (tty) redraw(line);
      else stream.write(line);
    },
    note(message) {
      stream.write(`${tty ? '\r\x1b[2K' : ''}${message}\n`);
    },
    warn(message) {
      warnings.set(message, (warnings.get(message) ?? 0) + 1);
    },
    printWarnings() {
      if (warnings.size === 0) return;
      const title = `${warnings.size} warning${warnings.size === 1 ? '' : 's'}:`;
      const lines = [...warnings].map(
        ([message, times]) => `  - ${message}${times > 1 ? c.dim(` (${times} times)`) : ''}`,
      );
      stream.write(`${c.yellow(title)}\n${lines.join('\n')}\n`);
      warnings.clear();
    },
  };
}

const PLAIN = picocolors.createColors(false);

/** The summary every build ends with: pages, what was reused, bytes by kind, time per stage. */
export function summary(result: BuildResult, cwd = process.cwd(), c: Colors = PLAIN): string {
  const total = result.stages.reduce((sum, s) => sum + s.ms, 0);
  const { html, js, css, json, other, gzip } = result.bytes;
  const brand = result.brand ? ` of brand ${result.brand}` : '';
  const into = path.relative(cwd, result.outDir) || '.';
  const reused = [`${count(result.reused.pages)} of ${count(result.pages)} pages`];
  if (result.reused.client) reused.push('client bundle');
  if (result.reused.output) reused.push('output untouched');
  if (result.reused.patched) reused.push('output updated in place');
  const zipped = (bytes: number | undefined) =>
    bytes === undefined ? '' : c.dim(` (${kb(bytes)} gzip)`);
  // The site's stylesheet is in every page's <style>, not a file: its size is that of one copy.
  const styles =
    css > 0
      ? `CSS inlined (${kb(css)} in every page${gzip ? `, ${kb(gzip.css)} gzip` : ''})`
      : 'no CSS';
  return [
    `${c.green('✓')} Built ${count(result.pages)} pages${brand} into ${into} in ${ms(total)}`,
    `  reused: ${reused.join(' · ')}`,
    `  bytes: HTML ${kb(html)} · JS ${kb(js)}${zipped(gzip?.js)} · ${styles} · JSON ${kb(json)} · other ${kb(other)}`,
    `  stages: ${result.stages.map((s) => `${s.name} ${ms(s.ms)}`).join(' · ')}`,
    `  compilation hash ${result.compilationHash}`,
  ].join('\n');
}
