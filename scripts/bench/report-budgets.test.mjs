// Real: the budgets table over results JSON recorded by `pnpm bench` on this machine (fixtures/bench-results.json: the scale section of the 16:53 run at 1,000 and 10,000 pages, the clinic, bytes and navigation sections of the 10:24 run, the scale entries trimmed to what the report reads); the variants (images written, a failed section, 100,000 pages, main-thread and Lighthouse runs) are edits of it made here. Nothing runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownReport, textReport } from './report.mjs';
import { budgetSections } from './report-budgets.mjs';

/** @import { BenchResult, Table } from './types' */

/** @returns {BenchResult} a fresh copy of the recorded results, to edit */
const recorded = () =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'bench-results.json'), 'utf8'));

/**
 * `res` with section `name`'s result replaced (by key, as the table reads it).
 * @param {BenchResult} res
 * @param {string} name
 * @param {unknown} result
 * @returns {BenchResult}
 */
const withSection = (res, name, result) => Object.assign(res, { [name]: result });

/**
 * The budgets table of `res`.
 * @param {BenchResult} res
 * @returns {Table}
 */
function budgets(res) {
  const [block] = budgetSections(res);
  const body = block?.[1];
  if (!body || Array.isArray(body)) throw new Error('the budgets block is not a table');
  return body;
}

/**
 * The row of the budget whose text starts with `budget`.
 * @param {BenchResult} res
 * @param {string} budget
 */
function row(res, budget) {
  const found = budgets(res).rows.filter((r) => String(r[0]).startsWith(budget));
  const [first] = found;
  if (!first || found.length > 1) throw new Error(`${found.length} rows start with "${budget}"`);
  return first;
}

describe('the budgets table of pnpm bench', () => {
  it('lists every budget of issue 28 with its section, figure, verdict and load average', () => {
    const table = budgets(recorded());
    expect(table.headers).toEqual([
      'budget',
      'section',
      'figure (this run)',
      'verdict',
      'load avg',
    ]);
    expect(table.rows.map((r) => `${r[1]}: ${r[0]}`)).toEqual([
      'images: gallery of six detailed photos at 390 px ≤ 300 KB',
      'images: 100 photos cold ≥ 4× faster than Astro (same run)',
      'images: SSIM ≥ 0.97 against the 4:4:4 encode',
      'scale: 100,000 pages, peak ≤ 500 MB (Node 20)',
      'scale: 100,000 pages, cold ≤ 25 s (Node 20)',
      'scale: 100,000 pages, peak ≤ 500 MB (Node 22)',
      'scale: 100,000 pages, cold ≤ 25 s (Node 22)',
      'clinic: clinic cold build ≤ 1.5 s',
      'clinic: clinic cold build, peak ≤ 350 MB',
      'main-thread: no main-thread task over 50 ms on / at 4× CPU',
      'main-thread: no main-thread task over 50 ms on /galeria/ at 4× CPU',
      'lighthouse: Lighthouse mobile: performance 100 and TBT ≤ 30 ms, 3 of 3 runs',
      "bytes: first-load JS of / ≤ React's floor + 6 KB (gzip)",
      'navigation: prefetched click painted ≤ 16.7 ms at 1× CPU',
      'navigation: prefetched click painted ≤ 50 ms at 4× CPU',
      'scale: 10,000 pages cold ≥ 4× Astro 7 (same Node, same run)',
    ]);
  });

  it('prints the recorded figures beside their budgets, with pass or miss and the load', () => {
    const res = recorded();
    expect(row(res, 'clinic cold build ≤')).toEqual([
      'clinic cold build ≤ 1.5 s',
      'clinic',
      '4.05 s (median)',
      'miss',
      '—',
    ]);
    expect(row(res, 'clinic cold build, peak').slice(2, 4)).toEqual(['528 MB (median)', 'miss']);
    expect(row(res, 'first-load JS').slice(2, 4)).toEqual(['77.6 KB (≤ 73.3 KB)', 'miss']);
    expect(row(res, 'prefetched click painted ≤ 16.7 ms').slice(2, 4)).toEqual([
      'script 164.7 ms, person 59.1 ms',
      'miss',
    ]);
    // The peer's figure beside ours from the same run, each with the load right after its build.
    expect(row(res, '10,000 pages cold ≥ 4× Astro 7').slice(2)).toEqual([
      '1.8× (Astro 7 30.59 s, ours 17.44 s)',
      'miss',
      '9.2 / 10.4',
    ]);
    expect(row(res, '100,000 pages, peak ≤ 500 MB (Node 20)').slice(2, 4)).toEqual([
      '—',
      'not run',
    ]);
  });

  it('judges the main thread by the longest task of every run, with the section’s own load', () => {
    const res = recorded();
    withSection(res, 'main-thread', {
      rate: 4,
      loadAverage: { start: [2.31, 1.8, 1.77], end: [2.9, 2.0, 1.8] },
      loads: {
        '/': {
          longestMs: 46,
          runs: [{ longestMs: 41.2 }, { longestMs: 46 }, { longestMs: 146.3 }],
        },
        '/galeria/': { longestMs: 38, runs: [{ longestMs: 38 }, { longestMs: 44.9 }] },
      },
    });
    expect(row(res, 'no main-thread task over 50 ms on / ').slice(2)).toEqual([
      'longest 146.3 ms of 3 runs',
      'miss',
      '2.3 → 2.9',
    ]);
    expect(row(res, 'no main-thread task over 50 ms on /galeria/').slice(2, 4)).toEqual([
      'longest 44.9 ms of 2 runs',
      'pass',
    ]);
  });

  it('reads the images section by its agreed keys, and says "not run" without them', () => {
    const res = recorded();
    expect(row(res, 'gallery')).toEqual([
      'gallery of six detailed photos at 390 px ≤ 300 KB',
      'images',
      '—',
      'not run',
      '—',
    ]);
    withSection(res, 'images', { gallery390Bytes: 280_000, speedupVsAstro: 3.44, minSsim: 0.9812 });
    res.loadAverages = { ...res.loadAverages, images: { start: 2.04, end: 3.5 } };
    expect(row(res, 'gallery')).toEqual([
      'gallery of six detailed photos at 390 px ≤ 300 KB',
      'images',
      '273.4 KB',
      'pass',
      '2.0 → 3.5',
    ]);
    expect(row(res, '100 photos').slice(2, 4)).toEqual(['3.4×', 'miss']);
    expect(row(res, 'SSIM').slice(2, 4)).toEqual(['min 0.981', 'pass']);
    withSection(res, 'images', { photos: 100 });
    expect(row(res, 'SSIM').slice(2, 4)).toEqual(['no minSsim in the result', 'not run']);
  });

  it('says a section failed instead of printing a figure', () => {
    const res = recorded();
    withSection(res, 'clinic', {
      error: 'Error: clinic build 1 failed (exit 1):\nssg: [CONTENT_INVALID] …',
    });
    expect(row(res, 'clinic cold build ≤').slice(2, 4)).toEqual([
      '—',
      'failed: Error: clinic build 1 failed (exit 1): ssg: [CONTENT_INVALID] …',
    ]);
  });

  it('takes the highest peak of the 100,000-page builds and the cold time, on each Node', () => {
    const res = recorded();
    const mb = 2 ** 20;
    /** @param {string} node @param {number} cold @param {number} warm */
    const ours = (node, cold, warm) => ({
      label: 'ssg (ours)',
      ours: true,
      node,
      builds: { cold: [], warm: [], changed: [] },
      median: {
        cold: { ms: 24_100, peakBytes: cold * mb, writeBytes: 0, load: 1.2 },
        warm: { ms: 4_000, peakBytes: warm * mb, writeBytes: 0, load: 1.4 },
      },
    });
    if (!res.scale || 'error' in res.scale) throw new Error('the recorded run has no scale');
    res.scale.sizes['100000'] = {
      tools: {
        ssg: ours('20.20.2', 480, 520),
        'ssg-node22': ours('22.23.3', 470, 300),
      },
    };
    expect(row(res, '100,000 pages, peak ≤ 500 MB (Node 20)').slice(2)).toEqual([
      '520 MB (warm)',
      'miss',
      '1.4',
    ]);
    expect(row(res, '100,000 pages, peak ≤ 500 MB (Node 22)').slice(2)).toEqual([
      '470 MB (cold)',
      'pass',
      '1.2',
    ]);
    expect(row(res, '100,000 pages, cold ≤ 25 s (Node 22)').slice(2)).toEqual([
      '24.10 s',
      'pass',
      '1.2',
    ]);
  });

  it('passes Lighthouse only when every one of at least three runs scores 100 with TBT ≤ 30 ms', () => {
    const res = recorded();
    const run = (/** @type {number} */ performance, /** @type {number} */ tbtMs) => ({
      performance,
      tbtMs,
    });
    withSection(res, 'lighthouse', { runs: [run(100, 0), run(100, 12.4), run(100, 30)] });
    expect(row(res, 'Lighthouse').slice(2, 4)).toEqual([
      'performance 100, 100, 100; TBT 0, 12, 30 ms (3 of 3)',
      'pass',
    ]);
    withSection(res, 'lighthouse', { runs: [run(100, 0), run(99, 12), run(100, 41)] });
    expect(row(res, 'Lighthouse').slice(2, 4)).toEqual([
      'performance 100, 99, 100; TBT 0, 12, 41 ms (1 of 3)',
      'miss',
    ]);
    withSection(res, 'lighthouse', { runs: [run(100, 0)] });
    expect(row(res, 'Lighthouse')[3]).toBe('too few runs');
  });

  it('ends the printed report, in the terminal and in Markdown', () => {
    const res = recorded();
    expect(textReport(res, []).trimEnd().split('\n').at(-1)).toMatch(
      /^10,000 pages cold ≥ 4× Astro 7 \(same Node, same run\) +scale +\S/,
    );
    expect(markdownReport(res, [])).toContain(
      '| budget | section | figure (this run) | verdict | load avg |',
    );
  });
});
