/**
 * The budgets of issue 28, each beside the figure this run measured, pass or miss, and the load
 * average of the machine while it was measured. Reads the other sections' results by key only:
 * a section that did not run, or a key it does not (yet) write, prints "not run".
 */
import { firstLine } from './report-scale.mjs';

/** @import { BenchResult, ReportBlock, ReportedEntry } from './types' */
/** @typedef {'pass' | 'miss' | 'not run' | 'failed' | 'too few runs'} Verdict */
/**
 * One budget's row: what it is, the section that measures it, the figure, the verdict, the load.
 * @typedef {[budget: string, section: string, figure: string, verdict: Verdict | string, load: string]} Row
 */

const MB = 2 ** 20;
const KB = 1024;
const sec = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
const msText = (/** @type {number} */ ms) => `${ms.toFixed(1)} ms`;
const mbText = (/** @type {number} */ b) => `${Math.round(b / MB)} MB`;
const kbText = (/** @type {number} */ b) => `${(b / KB).toFixed(1)} KB`;
const loadText = (/** @type {number | undefined} */ l) =>
  typeof l === 'number' && Number.isFinite(l) ? l.toFixed(1) : '—';
/**
 * @param {unknown} v
 * @returns {v is number}
 */
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
/** @param {boolean} ok @returns {Verdict} */
const verdict = (ok) => (ok ? 'pass' : 'miss');

/**
 * A section's result as an object, or why there is none ("not run", "failed: …").
 * @param {BenchResult} res
 * @param {string} name
 * @returns {{ result: Record<string, unknown> } | { verdict: string }}
 */
function sectionOf(res, name) {
  const r = res[name];
  if (r === undefined || r === null || typeof r !== 'object') return { verdict: 'not run' };
  if ('error' in r && r.error) return { verdict: `failed: ${firstLine(r.error).slice(0, 80)}` };
  return { result: /** @type {Record<string, unknown>} */ (r) };
}

/**
 * The 1-minute load average around a section: bench.mjs records it at the section's start and end.
 * @param {BenchResult} res
 * @param {string} name
 */
function sectionLoad(res, name) {
  const l = res.loadAverages?.[name];
  return l ? `${loadText(l.start)} → ${loadText(l.end)}` : '—';
}

/**
 * A value at a path of plain objects, or undefined.
 * @param {unknown} obj
 * @param {string[]} path
 * @returns {unknown}
 */
function at(obj, path) {
  let v = obj;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = /** @type {Record<string, unknown>} */ (v)[k];
  }
  return v;
}

/**
 * Rows of the images section, read by the keys agreed with it: `gallery390Bytes`,
 * `speedupVsAstro`, `minSsim`.
 * @param {BenchResult} res
 * @returns {Row[]}
 */
function imageRows(res) {
  const s = sectionOf(res, 'images');
  const load = sectionLoad(res, 'images');
  /** @type {[string, string, (v: number) => string, (v: number) => boolean][]} */
  const budgets = [
    [
      'gallery of six detailed photos at 390 px ≤ 300 KB',
      'gallery390Bytes',
      kbText,
      (v) => v <= 300 * KB,
    ],
    [
      '100 photos cold ≥ 4× faster than Astro (same run)',
      'speedupVsAstro',
      (v) => `${v.toFixed(1)}×`,
      (v) => v >= 4,
    ],
    [
      'SSIM ≥ 0.97 against the 4:4:4 encode',
      'minSsim',
      (v) => `min ${v.toFixed(3)}`,
      (v) => v >= 0.97,
    ],
  ];
  return budgets.map(([budget, key, format, ok]) => {
    if ('verdict' in s) return [budget, 'images', '—', s.verdict, load];
    const v = s.result[key];
    return isNum(v)
      ? [budget, 'images', format(v), verdict(ok(v)), load]
      : [budget, 'images', `no ${key} in the result`, 'not run', load];
  });
}

/**
 * A tool's entry at `size` pages in the scale section (`ssg`, `ssg-node22`, `astro7`), or why none.
 * @param {BenchResult} res
 * @param {string} size
 * @param {string} tool
 * @returns {{ entry: ReportedEntry } | { verdict: string }}
 */
function scaleEntry(res, size, tool) {
  const s = sectionOf(res, 'scale');
  if ('verdict' in s) return s;
  const e = at(s.result, ['sizes', size, 'tools', tool]);
  if (!e || typeof e !== 'object') return { verdict: 'not run' };
  if ('error' in e && e.error) return { verdict: `failed: ${firstLine(e.error).slice(0, 80)}` };
  return { entry: /** @type {ReportedEntry} */ (e) };
}

/**
 * 100,000 pages on each Node: the highest peak of its builds, and the cold build's time.
 * @param {BenchResult} res
 * @returns {Row[]}
 */
function bigScaleRows(res) {
  /** @type {Row[]} */
  const rows = [];
  /** @type {[tool: string, node: string][]} */
  const ours = [
    ['ssg', 'Node 20'],
    ['ssg-node22', 'Node 22'],
  ];
  for (const [tool, node] of ours) {
    const found = scaleEntry(res, '100000', tool);
    const peakBudget = `100,000 pages, peak ≤ 500 MB (${node})`;
    const coldBudget = `100,000 pages, cold ≤ 25 s (${node})`;
    if ('verdict' in found) {
      rows.push([peakBudget, 'scale', '—', found.verdict, '—']);
      rows.push([coldBudget, 'scale', '—', found.verdict, '—']);
      continue;
    }
    const medians = Object.entries(found.entry.median ?? {});
    const highest = medians.sort((a, b) => (b[1]?.peakBytes ?? 0) - (a[1]?.peakBytes ?? 0))[0];
    if (highest?.[1])
      rows.push([
        peakBudget,
        'scale',
        `${mbText(highest[1].peakBytes)} (${highest[0]})`,
        verdict(highest[1].peakBytes <= 500 * MB),
        loadText(highest[1].load),
      ]);
    else rows.push([peakBudget, 'scale', '—', 'not run', '—']);
    const cold = found.entry.median?.cold;
    rows.push(
      cold
        ? [coldBudget, 'scale', sec(cold.ms), verdict(cold.ms <= 25_000), loadText(cold.load)]
        : [coldBudget, 'scale', '—', 'not run', '—'],
    );
  }
  return rows;
}

/**
 * 10,000 pages cold against Astro 7 on the same Node (the ratio the scale section took).
 * @param {BenchResult} res
 * @returns {Row}
 */
function astroRatioRow(res) {
  const budget = '10,000 pages cold ≥ 4× Astro 7 (same Node, same run)';
  const found = scaleEntry(res, '10000', 'astro7');
  if ('verdict' in found) return [budget, 'scale', '—', found.verdict, '—'];
  const ratio = found.entry.oursFaster?.cold;
  const astro = found.entry.median?.cold;
  if (!isNum(ratio) || !astro)
    return [budget, 'scale', 'no ratio (run ssg-node22 beside astro7)', 'not run', '—'];
  const ours = scaleEntry(res, '10000', 'ssg-node22');
  const oursCold = 'entry' in ours ? ours.entry.median?.cold : undefined;
  return [
    budget,
    'scale',
    `${ratio.toFixed(1)}× (Astro 7 ${sec(astro.ms)}, ours ${oursCold ? sec(oursCold.ms) : '—'})`,
    verdict(ratio >= 4),
    `${loadText(astro.load)} / ${loadText(oursCold?.load)}`,
  ];
}

/**
 * The clinic's cold build: median time and peak.
 * @param {BenchResult} res
 * @returns {Row[]}
 */
function clinicRows(res) {
  const s = sectionOf(res, 'clinic');
  const load = sectionLoad(res, 'clinic');
  const time = 'clinic cold build ≤ 1.5 s';
  const peak = 'clinic cold build, peak ≤ 350 MB';
  if ('verdict' in s)
    return [
      [time, 'clinic', '—', s.verdict, load],
      [peak, 'clinic', '—', s.verdict, load],
    ];
  const { median, peakMedian } = s.result;
  return [
    isNum(median)
      ? [time, 'clinic', `${sec(median)} (median)`, verdict(median <= 1500), load]
      : [time, 'clinic', '—', 'not run', load],
    isNum(peakMedian)
      ? [peak, 'clinic', `${mbText(peakMedian)} (median)`, verdict(peakMedian <= 350 * MB), load]
      : [peak, 'clinic', '—', 'not run', load],
  ];
}

/**
 * No main-thread task over 50 ms while / and /galeria/ load at 4× CPU: the longest of every run.
 * @param {BenchResult} res
 * @returns {Row[]}
 */
function mainThreadRows(res) {
  const s = sectionOf(res, 'main-thread');
  // The section records its own load average (arrays of os.loadavg()); the bench's otherwise.
  const own = 'result' in s ? at(s.result, ['loadAverage']) : undefined;
  const start = at(own, ['start', '0']);
  const load = isNum(start)
    ? `${loadText(start)} → ${loadText(/** @type {number | undefined} */ (at(own, ['end', '0'])))}`
    : sectionLoad(res, 'main-thread');
  return ['/', '/galeria/'].map((path) => {
    const budget = `no main-thread task over 50 ms on ${path} at 4× CPU`;
    if ('verdict' in s) return [budget, 'main-thread', '—', s.verdict, load];
    const f = at(s.result, ['loads', path]);
    const runs = /** @type {unknown[]} */ (at(f, ['runs']) ?? []);
    const each = runs.map((r) => at(r, ['longestMs'])).filter(isNum);
    const median = at(f, ['longestMs']);
    const longest = each.length ? Math.max(...each) : isNum(median) ? median : undefined;
    if (longest === undefined) return [budget, 'main-thread', '—', 'not run', load];
    const rate = s.result.rate === 4 ? '' : ` (at ${String(s.result.rate)}× CPU)`;
    return [
      budget,
      'main-thread',
      `longest ${msText(longest)} of ${each.length || 1} run${each.length > 1 ? 's' : ''}${rate}`,
      verdict(longest <= 50 && s.result.rate === 4),
      load,
    ];
  });
}

/**
 * Lighthouse mobile: performance 100 and TBT ≤ 30 ms in each of at least three runs.
 * @param {BenchResult} res
 * @returns {Row}
 */
function lighthouseRow(res) {
  const budget = 'Lighthouse mobile: performance 100 and TBT ≤ 30 ms, 3 of 3 runs';
  const s = sectionOf(res, 'lighthouse');
  const load = sectionLoad(res, 'lighthouse');
  if ('verdict' in s) return [budget, 'lighthouse', '—', s.verdict, load];
  const runs = /** @type {{ performance?: number, tbtMs?: number }[]} */ (
    Array.isArray(s.result.runs) ? s.result.runs : []
  );
  if (!runs.length) return [budget, 'lighthouse', '—', 'not run', load];
  const good = runs.filter((r) => r.performance === 100 && isNum(r.tbtMs) && r.tbtMs <= 30);
  const figure = `performance ${runs.map((r) => r.performance ?? '—').join(', ')}; TBT ${runs.map((r) => (isNum(r.tbtMs) ? Math.round(r.tbtMs) : '—')).join(', ')} ms (${good.length} of ${runs.length})`;
  const v = good.length < runs.length ? 'miss' : runs.length < 3 ? 'too few runs' : 'pass';
  return [budget, 'lighthouse', figure, v, load];
}

/**
 * First-load JS of the home page against React's floor + 6 KB, gzip.
 * @param {BenchResult} res
 * @returns {Row}
 */
function bytesRow(res) {
  const budget = "first-load JS of / ≤ React's floor + 6 KB (gzip)";
  const s = sectionOf(res, 'bytes');
  const load = sectionLoad(res, 'bytes');
  if ('verdict' in s) return [budget, 'bytes', '—', s.verdict, load];
  const js = at(s.result, ['home', 'js', 'gzip']);
  const floor = at(s.result, ['reactFloor', 'gzip']);
  if (!isNum(js) || !isNum(floor)) return [budget, 'bytes', '—', 'not run', load];
  const limit = floor + 6 * KB;
  return [budget, 'bytes', `${kbText(js)} (≤ ${kbText(limit)})`, verdict(js <= limit), load];
}

/**
 * A prefetched click painted within one frame at 1× and within 50 ms at 4×, a person's click
 * and a script's: the slower median of the two.
 * @param {BenchResult} res
 * @returns {Row[]}
 */
function navigationRows(res) {
  const s = sectionOf(res, 'navigation');
  const load = sectionLoad(res, 'navigation');
  /** @type {[number, number][]} */
  const budgets = [
    [1, 16.7],
    [4, 50],
  ];
  return budgets.map(([rate, limit]) => {
    const budget = `prefetched click painted ≤ ${limit} ms at ${rate}× CPU`;
    if ('verdict' in s) return [budget, 'navigation', '—', s.verdict, load];
    const rates =
      /** @type {Record<string, { rate?: number, click?: string, median?: number }>} */ (
        s.result.rates ?? {}
      );
    const clicks = Object.values(rates).flatMap((r) =>
      r.rate === rate && isNum(r.median) ? [{ click: r.click ?? 'click', ms: r.median }] : [],
    );
    if (!clicks.length) return [budget, 'navigation', '—', 'not run', load];
    const worst = Math.max(...clicks.map((c) => c.ms));
    return [
      budget,
      'navigation',
      clicks.map((c) => `${c.click} ${msText(c.ms)}`).join(', '),
      verdict(worst <= limit),
      load,
    ];
  });
}

/**
 * Every budget of issue 28 with this run's figure, as one table.
 * @param {BenchResult} res
 * @returns {ReportBlock[]}
 */
export function budgetSections(res) {
  const rows = [
    ...imageRows(res),
    ...bigScaleRows(res),
    ...clinicRows(res),
    ...mainThreadRows(res),
    lighthouseRow(res),
    bytesRow(res),
    ...navigationRows(res),
    astroRatioRow(res),
  ];
  return [
    [
      'Budgets (issue 28) against this run: figure, pass or miss, 1-minute load average (right after the build for scale; at the section’s start → end otherwise)',
      { headers: ['budget', 'section', 'figure (this run)', 'verdict', 'load avg'], rows },
    ],
  ];
}
