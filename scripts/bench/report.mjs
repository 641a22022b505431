/**
 * Turns a bench result object into the printed tables (plain text for the terminal and
 * Markdown for docs/performance.md). Missing figures print as "—", failures as their reason.
 */
import { budgetSections } from './report-budgets.mjs';
import { firstLine, scaleSections } from './report-scale.mjs';

/** @import { BenchResult, ReportBlock, Section, Table } from './types' */
/** @typedef {(v: number | undefined, digits?: number) => string} Format */

/** @type {Format} */
const s = (ms) =>
  typeof ms === 'number' && Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—';
/** @type {Format} */
const mb = (b) =>
  typeof b === 'number' && Number.isFinite(b) && b > 0 ? `${Math.round(b / 2 ** 20)} MB` : '—';
/** @type {Format} */
const kb = (b) =>
  typeof b === 'number' && Number.isFinite(b)
    ? b < 1024
      ? `${b} B`
      : `${(b / 1024).toFixed(1)} KB`
    : '—';
/** @type {Format} */
const num = (n, d = 0) => (typeof n === 'number' && Number.isFinite(n) ? n.toFixed(d) : '—');
/** @type {Format} */
const ms = (n, d = 0) => (typeof n === 'number' && Number.isFinite(n) ? `${n.toFixed(d)} ms` : '—');

/**
 * @param {string[]} headers
 * @param {Table['rows']} rows
 * @returns {Table}
 */
function table(headers, rows) {
  return { headers, rows };
}

/** @param {Table} table */
function renderText({ headers, rows }) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (/** @type {Table['rows'][number]} */ cells) =>
    cells.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** @param {Table} table */
function renderMd({ headers, rows }) {
  const esc = (/** @type {string | number} */ c) => String(c).replace(/\|/g, '\\|');
  return [
    `| ${headers.map(esc).join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

/**
 * Sections as [title, table | text lines] pairs, shared by both renderings.
 * @param {BenchResult} res
 */
function sections(res) {
  /** @type {ReportBlock[]} */
  const out = [];
  out.push(...scaleSections(res.scale));
  const c = res.clinic;
  if (c && 'error' in c) out.push(['Clinic site', [`failed: ${firstLine(c.error)}`]]);
  else if (c) {
    const lines = [
      `cold \`${c.command}\`: median ${s(c.median)} of ${c.runs.length} (runs ${c.runs.map((r) => (r / 1000).toFixed(2)).join(', ')} s; budget ≤ 1.5 s), peak ${mb(c.peakMedian)} (budget ≤ 350 MB)`,
    ];
    if (c.stageMedians)
      lines.push(
        `stages: ${c.stageMedians.map((v) => `${v.name} ${Math.round(v.ms)} ms`).join(' · ')}`,
      );
    out.push(['Clinic site build', lines]);
  }
  const b = res.bytes;
  if (b && 'error' in b) out.push(['Bytes', [`failed: ${firstLine(b.error)}`]]);
  else if (b) {
    /** @type {Table['rows']} */
    const rows = [];
    if (b.home) {
      rows.push([
        'home HTML (index.html)',
        kb(b.home.html.raw),
        kb(b.home.html.gzip),
        kb(b.home.html.brotli),
        '',
      ]);
      for (const ch of b.home.chunks)
        rows.push([
          `JS ${ch.url}${ch.missing ? ' (missing!)' : ''}`,
          kb(ch.raw),
          kb(ch.gzip),
          kb(ch.brotli),
          '',
        ]);
      const budget = b.reactFloor ? b.reactFloor.gzip + 6 * 1024 : Number.NaN;
      rows.push([
        'first-load JS, total',
        kb(b.home.js.raw),
        kb(b.home.js.gzip),
        kb(b.home.js.brotli),
        Number.isFinite(budget) ? `≤ ${kb(budget)} gzip (floor + 6 KB, the design's budget)` : '',
      ]);
      if (b.home.css.files.length)
        rows.push([
          'CSS, total',
          kb(b.home.css.raw),
          kb(b.home.css.gzip),
          kb(b.home.css.brotli),
          b.home.css.files.every((f) => f.url === 'inline <style>')
            ? 'inlined in the HTML, no request'
            : '',
        ]);
    }
    if (b.reactFloor)
      rows.push([
        'React 19 floor (react + react-dom/client, hydrateRoot)',
        kb(b.reactFloor.raw),
        kb(b.reactFloor.gzip),
        kb(b.reactFloor.brotli),
        '',
      ]);
    if (b.loader)
      rows.push([
        '@ssg/loader (minified)',
        `${b.loader.raw} B`,
        `${b.loader.gzip} B`,
        `${b.loader.brotli} B`,
        `≤ ${b.loader.budget} B gzip`,
      ]);
    if (b.envelope?.home)
      rows.push([
        'page-data envelope, home page',
        kb(b.envelope.home.envelope),
        kb(b.envelope.home.envelopeGzip),
        '',
        `page-data ${kb(b.envelope.home.bytes)}, data ${kb(b.envelope.home.dataBytes)}${b.envelope.home.headBytes ? `, of the envelope head tags ${kb(b.envelope.home.headBytes)}` : ''}`,
      ]);
    if (b.envelope)
      rows.push([
        `page-data envelope, mean of ${b.envelope.files} clinic pages`,
        kb(Math.round(b.envelope.envelopeAvg)),
        '',
        '',
        '',
      ]);
    if (b.envelopeSynthetic)
      rows.push([
        `page-data envelope, mean of ${b.envelopeSynthetic.files} synthetic pages`,
        kb(Math.round(b.envelopeSynthetic.envelopeAvg)),
        '',
        '',
        `${((100 * (b.envelopeSynthetic.total - b.envelopeSynthetic.data)) / b.envelopeSynthetic.total).toFixed(1)}% of page-data bytes`,
      ]);
    out.push([
      'Bytes (gzip -9, brotli -q 11)',
      table(['what', 'raw', 'gzip', 'brotli', 'budget / note'], rows),
    ]);
    if (b.errors)
      out.push([
        'Bytes failures',
        Object.entries(b.errors).map(([k, v]) => `${k}: ${firstLine(v)}`),
      ]);
  }
  const lh = res.lighthouse;
  if (lh && 'error' in lh) out.push(['Lighthouse', [`failed: ${firstLine(lh.error)}`]]);
  else if (lh) {
    const m = lh.median;
    out.push([
      `Lighthouse ${lh.version} mobile, home page (median of ${lh.runs.length})`,
      table(
        ['performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS'],
        [
          [
            num(m.performance),
            num(m.accessibility),
            num(m.bestPractices),
            num(m.seo),
            ms(m.lcpMs),
            ms(m.tbtMs),
            num(m.cls, 3),
          ],
        ],
      ),
    ]);
    if (lh.failedAudits?.length)
      out.push(['Lighthouse audits not passed (any run)', [lh.failedAudits.join(', ')]]);
    if (lh.consoleErrors?.length) out.push(['Console errors Lighthouse saw', lh.consoleErrors]);
  }
  const nav = res.navigation;
  if (nav && 'error' in nav) out.push(['Client navigation', [`failed: ${firstLine(nav.error)}`]]);
  else if (nav) {
    const rows = Object.entries(nav.rates).map(([key, r]) => [
      r.rate ? `${r.rate}×` : key,
      r.click ?? 'script',
      ms(r.median, 1),
      ms(r.toDomMedian, 1),
      r.runs.length,
      (r.prefetchedBy ?? []).join(', '),
    ]);
    out.push([
      `Client navigation ${nav.from} → ${nav.to}, click → new content painted (budget ≤ 16.7 ms)`,
      table(
        ['CPU', 'click', 'to paint (median)', 'to DOM (median)', 'runs', 'page-data prefetched by'],
        rows,
      ),
    ]);
    const fetched = [
      ...new Set(Object.values(nav.rates).flatMap((r) => r.requestsAfterClick ?? [])),
    ];
    out.push([
      'Requests made after the click',
      [fetched.length ? fetched.join(', ') : 'none (everything was prefetched)'],
    ]);
  }
  return out;
}

/**
 * The built-in sections, those each registered section module reports for itself, then the
 * budgets beside this run's figures.
 * @param {BenchResult} res
 * @param {Section[]} registry
 */
function allSections(res, registry = []) {
  const out = sections(res);
  for (const sec of registry) {
    const result = res[sec.name];
    if (!sec.report || !result) continue;
    if (typeof result === 'object' && 'error' in result && result.error)
      out.push([sec.name, [`failed: ${firstLine(result.error)}`]]);
    else out.push(...sec.report(result));
  }
  out.push(...budgetSections(res));
  return out;
}

/**
 * @param {BenchResult} res
 * @param {Section[]} registry
 */
export function textReport(res, registry) {
  /** @type {string[]} */
  const parts = [];
  for (const [title, body] of allSections(res, registry)) {
    parts.push(`\n== ${title}`);
    parts.push(Array.isArray(body) ? body.map((l) => `  ${l}`).join('\n') : renderText(body));
  }
  return parts.join('\n');
}

/**
 * @param {BenchResult} res
 * @param {Section[]} registry
 */
export function markdownReport(res, registry) {
  /** @type {string[]} */
  const parts = [];
  for (const [title, body] of allSections(res, registry)) {
    parts.push(`### ${title}\n`);
    parts.push(Array.isArray(body) ? body.map((l) => `- ${l}`).join('\n') : renderMd(body));
    parts.push('');
  }
  return parts.join('\n');
}
