/**
 * Line charts as small hand-written SVG (no chart library): both axes on a log scale, one line
 * per series with a marker on each point, ticks at 1-2-5 steps of each decade, axis labels and
 * a legend. `scaleCharts` makes the bench's two: build time and peak memory against pages.
 */
import { toolName } from './report-scale.mjs';

/** @import { Failed, ScaleResult } from './types' */
/** @typedef {[x: number, y: number]} Point */
/** @typedef {{ label: string, points: Point[], colour?: string, dashed?: boolean }} Series */
/**
 * What the charts read of a tool's entry.
 * @typedef {{ label: string, version?: string, node?: string,
 *   median?: { cold?: { ms: number, peakBytes: number } } }} ChartedEntry
 */

const W = 780;
const H = 400;
const PAD = { left: 70, right: 290, top: 40, bottom: 56 };
// Colour-blind-safe palette (Okabe–Ito), one colour per tool; a dashed line is Node 22.
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];

const esc = (/** @type {string} */ t) =>
  String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (/** @type {number} */ v) =>
  v >= 1000 ? `${(v / 1000).toLocaleString('en')}k` : v >= 1 ? String(v) : v.toPrecision(1);

/**
 * Tick values at 1, 2 and 5 times each power of ten within [lo, hi] (1 only when wide).
 * @param {number} lo
 * @param {number} hi
 */
function ticks(lo, hi) {
  const steps = Math.log10(hi / lo) > 2 ? [1] : [1, 2, 5];
  const out = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++)
    for (const k of steps) {
      const v = k * 10 ** e;
      if (v >= lo * 0.999 && v <= hi * 1.001) out.push(v);
    }
  return out;
}

/**
 * The [lo, hi] a log axis spans: the data's range widened to whole 1-2-5 steps.
 * @param {number[]} values
 * @returns {[number, number]}
 */
function span(values) {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const down = (/** @type {number} */ v) =>
    [1, 2, 5]
      .map((k) => k * 10 ** Math.floor(Math.log10(v)))
      .filter((t) => t <= v)
      .pop() ?? Number.NaN;
  const up = (/** @type {number} */ v) =>
    [1, 2, 5, 10].map((k) => k * 10 ** Math.floor(Math.log10(v))).find((t) => t >= v) ?? Number.NaN;
  return [down(lo), up(hi) === down(lo) ? up(hi) * 2 : up(hi)];
}

/**
 * `series`: [{ label, points: [[x, y], …], colour?, dashed? }]. Returns an SVG document as a string,
 * or null when no series has a point.
 * @param {{ title: string, xLabel: string, yLabel: string, series: Series[],
 *   yUnit?: string }} chart
 */
export function logLineChart({ title, xLabel, yLabel, series, yUnit = '' }) {
  const drawn = series.filter((s) => s.points.length);
  if (!drawn.length) return null;
  const xs = drawn.flatMap((s) => s.points.map((p) => p[0]));
  const ys = drawn.flatMap((s) => s.points.map((p) => p[1]));
  const [x0, x1] =
    xs.length && Math.min(...xs) === Math.max(...xs)
      ? [Math.min(...xs) / 2, Math.max(...xs) * 2]
      : span(xs);
  const [y0, y1] = span(ys);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const px = (/** @type {number} */ v) =>
    PAD.left + (Math.log10(v / x0) / Math.log10(x1 / x0)) * plotW;
  const py = (/** @type {number} */ v) =>
    PAD.top + plotH - (Math.log10(v / y0) / Math.log10(y1 / y0)) * plotH;
  const r = (/** @type {number} */ v) => v.toFixed(1);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="system-ui, sans-serif" font-size="12" role="img" aria-label="${esc(title)}">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${PAD.left}" y="22" font-size="15" font-weight="600">${esc(title)}</text>`,
  ];
  for (const t of ticks(y0, y1))
    parts.push(
      `<line x1="${PAD.left}" x2="${PAD.left + plotW}" y1="${r(py(t))}" y2="${r(py(t))}" stroke="#e3e3e3"/>`,
      `<text x="${PAD.left - 6}" y="${r(py(t) + 4)}" text-anchor="end" fill="#444">${esc(fmt(t))}${yUnit}</text>`,
    );
  for (const t of ticks(x0, x1))
    parts.push(
      `<line x1="${r(px(t))}" x2="${r(px(t))}" y1="${PAD.top}" y2="${PAD.top + plotH}" stroke="#e3e3e3"/>`,
      `<text x="${r(px(t))}" y="${PAD.top + plotH + 18}" text-anchor="middle" fill="#444">${esc(fmt(t))}</text>`,
    );
  parts.push(
    `<rect x="${PAD.left}" y="${PAD.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#888"/>`,
    `<text x="${PAD.left + plotW / 2}" y="${H - 12}" text-anchor="middle">${esc(xLabel)}</text>`,
    `<text transform="translate(18 ${PAD.top + plotH / 2}) rotate(-90)" text-anchor="middle">${esc(yLabel)}</text>`,
  );
  drawn.forEach((s, i) => {
    const colour = s.colour ?? COLOURS[i % COLOURS.length];
    const dash = s.dashed ? ' stroke-dasharray="6 4"' : '';
    const pts = [...s.points].sort((a, b) => a[0] - b[0]);
    parts.push(
      `<polyline fill="none" stroke="${colour}" stroke-width="2"${dash} points="${pts.map(([a, b]) => `${r(px(a))},${r(py(b))}`).join(' ')}"/>`,
      ...pts.map(
        ([a, b]) => `<circle cx="${r(px(a))}" cy="${r(py(b))}" r="3.5" fill="${colour}"/>`,
      ),
    );
    const ly = PAD.top + 10 + i * 22;
    const lx = PAD.left + plotW + 16;
    parts.push(
      `<line x1="${lx}" x2="${lx + 26}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"${dash}/>`,
      `<circle cx="${lx + 13}" cy="${ly}" r="3.5" fill="${colour}"/>`,
      `<text x="${lx + 34}" y="${ly + 4}">${esc(s.label)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/**
 * The bench's charts from a scale result: `{ 'build-time.svg': svg, 'peak-memory.svg': svg }`.
 * @param {Partial<ScaleResult<ChartedEntry>> | Failed | undefined} scale
 * @returns {Record<string, string>}
 */
export function scaleCharts(scale) {
  if (!scale || !('sizes' in scale) || !scale.sizes) return {};
  /**
   * @type {Map<string, { label: string, colour: string | undefined, dashed: boolean,
   *   time: Point[], peak: Point[] }>}
   */
  const byTool = new Map();
  /** @type {Map<string, string | undefined>} */
  const colours = new Map();
  for (const [size, row] of Object.entries(scale.sizes))
    for (const e of Object.values(row.tools)) {
      const label = toolName(e);
      if (!colours.has(e.label)) colours.set(e.label, COLOURS[colours.size % COLOURS.length]);
      let tool = byTool.get(label);
      if (!tool) {
        tool = {
          label,
          colour: colours.get(e.label),
          dashed: String(e.node ?? '').startsWith('22'),
          time: [],
          peak: [],
        };
        byTool.set(label, tool);
      }
      const cold = e.median?.cold;
      if (!cold) continue;
      tool.time.push([Number(size), cold.ms / 1000]);
      tool.peak.push([Number(size), cold.peakBytes / 2 ** 20]);
    }
  const tools = [...byTool.values()];
  const charts = {
    'build-time.svg': logLineChart({
      title: 'Cold build time against pages (log–log)',
      xLabel: 'generated pages',
      yLabel: 'cold build, seconds (median)',
      yUnit: ' s',
      series: tools.map((t) => ({ ...t, points: t.time })),
    }),
    'peak-memory.svg': logLineChart({
      title: 'Peak memory of the build against pages (log–log)',
      xLabel: 'generated pages',
      yLabel: 'peak RSS of the process tree, MB (cold build)',
      yUnit: '',
      series: tools.map((t) => ({ ...t, points: t.peak })),
    }),
  };
  /** @type {Record<string, string>} */
  const drawn = {};
  for (const [file, svg] of Object.entries(charts)) if (svg) drawn[file] = svg;
  return drawn;
}
