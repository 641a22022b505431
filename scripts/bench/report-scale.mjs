/**
 * The scale section's tables: one row per size, tool and kind of build, each figure with the
 * load average measured right after it, and ratios taken from the same run. Returns sections as
 * [title, { headers, rows } | lines] pairs, the shape report.mjs renders as text and Markdown.
 */

/** @import { Failed, Kind, ReportBlock, ReportedEntry, ScaleResult } from './types' */

/** @typedef {(v: number | undefined) => string} Format */
/** @type {Format} */
const s = (ms) =>
  typeof ms === 'number' && Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—';
/** @type {Format} */
const mb = (b) =>
  typeof b === 'number' && Number.isFinite(b) && b > 0 ? `${Math.round(b / 2 ** 20)} MB` : '—';
/** @type {Format} */
const x = (r) => (typeof r === 'number' && Number.isFinite(r) ? `${r.toFixed(1)}×` : '—');
/** @type {Format} */
const load = (l) => (typeof l === 'number' && Number.isFinite(l) ? l.toFixed(1) : '—');
const n = (/** @type {string | number} */ v) => Number(v).toLocaleString('en');
const major = (/** @type {string | undefined} */ v) => (v ? `Node ${String(v).split('.')[0]}` : '');
/** @type {Record<Kind, string>} */
const KIND_LABEL = { cold: 'cold', warm: 'warm, unchanged', changed: 'warm, 1% changed' };

/** The first two non-empty lines of an error, on one line: the failure and its cause. */
export const firstLine = (/** @type {unknown} */ e) =>
  String(e)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(' ')
    .slice(0, 240);

/**
 * "Astro 7.3.5, Node 22" — the tool as the tables and the charts name it.
 * @param {{ label: string, version?: string, node?: string }} e
 */
export function toolName(e) {
  const version = e.version && e.version !== 'workspace' ? ` ${e.version}` : '';
  return `${e.label}${version}${e.node ? `, ${major(e.node)}` : ''}`;
}

/**
 * @param {ReportedEntry} e
 * @param {Kind} kind
 */
function ratio(e, kind) {
  if (e.vsOlderNode) return `${major(e.vsOlderNode.node)} time ÷ this: ${x(e.vsOlderNode[kind])}`;
  if (e.ours) return '—';
  return e.oursFaster ? `ours ${x(e.oursFaster[kind])} faster` : '—';
}

/**
 * @param {ScaleResult<ReportedEntry> | Failed | undefined} scale
 * @returns {ReportBlock[]}
 */
export function scaleSections(scale) {
  if (!scale) return [];
  if ('error' in scale) return [['Scale', [`failed: ${firstLine(scale.error)}`]]];
  const kinds = scale.kinds ?? ['cold', 'warm', 'changed'];
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  const notes = [];
  for (const [size, row] of Object.entries(scale.sizes)) {
    for (const e of Object.values(row.tools)) {
      const name = toolName(e);
      if (e.skipped) {
        rows.push([n(size), e.label, '', e.skipped, '', '', '', '']);
        continue;
      }
      if (e.error && !e.timedOut) {
        rows.push([n(size), name, '', 'failed', '', '', '', '']);
        notes.push(`N=${n(size)} ${name}: ${firstLine(e.error)}`);
        continue;
      }
      // The builds a tool finished, then (when the time limit stopped it) the one it did not.
      for (const kind of kinds) {
        const m = e.median?.[kind];
        if (!m) continue;
        rows.push([
          n(size),
          name,
          KIND_LABEL[kind],
          s(m.ms),
          mb(m.peakBytes),
          mb(m.writeBytes),
          load(m.load),
          ratio(e, kind),
        ]);
      }
      if (e.timedOut)
        rows.push([
          n(size),
          name,
          KIND_LABEL[e.timedOut.kind],
          `did not finish in ${e.timedOut.minutes} min`,
          '',
          '',
          load(e.timedOut.load),
          '',
        ]);
    }
  }
  /** @type {ReportBlock[]} */
  const out = [
    [
      `Scale (median of ${scale.runs} run${scale.runs > 1 ? 's' : ''} per figure; peak RSS of the process tree; bytes the tree wrote towards the disk; load average right after each build; ratios within this run, against ours on the same Node)`,
      {
        headers: [
          'N',
          'tool',
          'build',
          'time',
          'peak RSS',
          'written',
          'load avg',
          'ratio (same run)',
        ],
        rows,
      },
    ],
  ];
  if (notes.length) out.push(['Scale failures', notes]);
  /** @type {string[]} */
  const same = [];
  /** @type {string[]} */
  const stageLines = [];
  for (const [size, row] of Object.entries(scale.sizes)) {
    for (const e of Object.values(row.tools)) {
      if (!e.ours) continue;
      const w = e.warmIdentical ?? [];
      const bad = w.filter((v) => v !== true);
      if (w.length)
        same.push(
          `N=${n(size)} ${major(e.node)}: ${bad.length ? `warm output differs from cold in ${bad.length} of ${w.length} runs (${bad[0]})` : `identical to the cold build's in ${w.length} of ${w.length} runs`}`,
        );
      for (const kind of kinds) {
        const st = e.stageMedians?.[kind];
        if (!st) continue;
        const total = st.reduce((a, b) => a + b.ms, 0);
        stageLines.push(
          `${n(size)} · ${major(e.node)} · ${KIND_LABEL[kind]} · ${st.map((v) => `${v.name} ${Math.round(v.ms)}`).join(' · ')} · (sum ${Math.round(total)} ms; process ${s(e.median?.[kind]?.ms)})`,
        );
        const mem = e.memoryByStage?.[kind]?.[0];
        if (mem)
          stageLines.push(
            `${n(size)} · ${major(e.node)} · ${KIND_LABEL[kind]} · peak RSS of the build process so far, MB: ${mem.map((v) => `${v.stage} ${v.maxRssMb}`).join(' · ')}`,
          );
      }
    }
  }
  if (same.length) out.push(['Our unchanged warm rebuild, byte for byte', same]);
  if (stageLines.length)
    out.push([
      'Our build per stage (ms, medians of BuildResult.stages, plus the time outside them and the process start-up)',
      stageLines,
    ]);
  return out;
}
