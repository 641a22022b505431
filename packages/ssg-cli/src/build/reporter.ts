import path from 'node:path';
import type { BuildReporter, BuildResult, StageName } from './context.ts';

const LABELS: Record<StageName, string> = {
  config: 'resolve config',
  content: 'load and validate content',
  routes: 'collect routes',
  bundle: 'bundle the client (vite)',
  render: 'render pages',
  emit: 'write files',
  'service-worker': 'generate service worker',
};

const ms = (value: number): string => `${Math.round(value)} ms`;
export const kb = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;

/** Progress per stage on a terminal; nothing when output is piped (the summary still prints). */
export function terminalReporter(stream: NodeJS.WriteStream = process.stderr): BuildReporter {
  const tty = stream.isTTY === true;
  return {
    stageStart(stage) {
      if (tty) stream.write(`  … ${LABELS[stage]}`);
    },
    stageEnd(stage, time) {
      if (tty) stream.write(`\r  ✓ ${LABELS[stage]} ${ms(time)}\n`);
    },
    warn(message) {
      stream.write(`  warning: ${message}\n`);
    },
  };
}

/** The summary every build ends with: pages, bytes by kind, time per stage. */
export function summary(result: BuildResult, cwd = process.cwd()): string {
  const total = result.stages.reduce((sum, s) => sum + s.ms, 0);
  const { html, js, css, json, other } = result.bytes;
  return [
    `Built ${result.pages} pages of brand ${result.brand} into ${path.relative(cwd, result.outDir) || '.'} in ${ms(total)}`,
    `  bytes: HTML ${kb(html)} · JS ${kb(js)} · CSS ${kb(css)} · JSON ${kb(json)} · other ${kb(other)}`,
    `  stages: ${result.stages.map((s) => `${s.name} ${ms(s.ms)}`).join(' · ')}`,
    `  compilation hash ${result.compilationHash}`,
  ].join('\n');
}
