/**
 * Scale section: the same N generated pages built by each tool (tools.mjs). For each size,
 * `runs` rounds; in each round every tool does a cold build (output and caches moved aside),
 * a warm rebuild with nothing changed, and a warm rebuild after 1% of the pages changed
 * (bench/generate.mjs `editPages`). Each build records its wall time, the peak RSS of its
 * process tree, the bytes its tree wrote and the load average right after it; medians per kind.
 * A tool that fails, or does not finish in time, is recorded as such and the others go on.
 */

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { EDIT_MARK, editedIds, writeData, writeSite } from '../../bench/generate.mjs';
import { messageOf } from './error-text.mjs';
import { runMeasured } from './measure.mjs';
import { ourExtras, summarise } from './scale-stats.mjs';
import { tools } from './tools.mjs';

/** @import { Kind, Log, NodeRuntime, Ratios, ScaleEntry, ScaleResult, Tool } from './types' */

/** @type {Kind[]} */
export const KINDS = ['cold', 'warm', 'changed'];
// Every peer at 100,000 pages gets 10 minutes a build; past that it is printed as unfinished.
const BIG = 100_000;
const PEER_LIMIT_MS = 10 * 60_000;
const LIMIT_MS = 20 * 60_000;

/**
 * Checks that every page has its HTML file, that the first and last hold their page (and after
 * the edit, an edited one), so neither a no-op nor a build that prerenders a few pages can win.
 * Run after the timed build; stat-ing 10,000 files takes milliseconds.
 * @param {string} outDir
 * @param {number} n
 * @param {Kind} kind
 * @returns {string | null} what is wrong, or null
 */
export function checkOutput(outDir, n, kind) {
  let missing = 0;
  let first = '';
  for (let i = 1; i <= n; i++) {
    const file = join(outDir, 'p', String(i), 'index.html');
    if (existsSync(file)) continue;
    missing++;
    first ||= file;
  }
  if (missing) return `${missing} of ${n} pages have no HTML file (the first: ${first})`;
  for (const i of [1, n]) {
    const file = join(outDir, 'p', String(i), 'index.html');
    if (!readFileSync(file, 'utf8').includes(`${i}</h1>`))
      return `${file} does not hold page ${i}'s title`;
  }
  const edited = join(outDir, 'p', String(editedIds(n)[0]), 'index.html');
  const hasMark = readFileSync(edited, 'utf8').includes(EDIT_MARK);
  if (kind === 'changed' && !hasMark) return `${edited} does not show the 1% edit`;
  if (kind !== 'changed' && hasMark) return `${edited} shows the 1% edit before it was made`;
  return null;
}

/**
 * Runs the scale benchmark. `sizes`: page counts; `runs`: repetitions; `only`: tool names;
 * `bigTools`: the tools that run at 100,000 pages and more (the others are listed as not run);
 * `peerSizes`: sizes at which peers run (all by default); `peerWarm: false` skips the peers'
 * warm rebuilds. Returns a plain JSON-able object.
 * @param {{ benchDir: string, repoRoot: string, sizes: number[], runs: number, only?: string[],
 *   bigTools?: string[], peerSizes?: number[], peerWarm?: boolean, log: Log }} options
 * @returns {Promise<ScaleResult>}
 */
export async function runScale({
  benchDir,
  repoRoot,
  sizes,
  runs,
  only,
  bigTools,
  peerSizes,
  peerWarm = true,
  log,
}) {
  const all = tools(benchDir, repoRoot);
  // Before a cold build the tool's output and caches are moved aside, not deleted: this disk
  // (ext4 without a journal) does not reuse an inode for 1-6 minutes after its deletion and scans
  // past every such inode on each file it creates, so deleting 40,000 files right before a build
  // slows its writes 3-5x (docs/performance.md, "The disk"). They go after the last timed run.
  // One trash folder per bench process, so two runs at once never delete each other's.
  const trash = join(benchDir, `trash-${process.pid}`);
  rmSync(trash, { recursive: true, force: true });
  let retired = 0;
  const retire = (/** @type {string} */ p) => {
    if (!existsSync(p)) return;
    mkdirSync(trash, { recursive: true });
    renameSync(p, join(trash, String(retired++)));
  };
  const names = only ?? Object.keys(all);
  for (const name of names)
    if (!all[name])
      throw new Error(`--tools: unknown tool "${name}"; tools are ${Object.keys(all).join(', ')}.`);
  const logFile = join(benchDir, 'logs', 'scale.log');
  /** @type {ScaleResult} */
  const result = { sizes: {}, runs, kinds: KINDS };
  /** @type {Map<string, ReturnType<Tool['prepare']>>} */
  const prepared = new Map();
  /** @type {Map<string, Map<string, string>>} */
  const coldTrees = new Map();
  for (const n of sizes) {
    /** @type {ScaleResult['sizes'][string]} */
    const row = { tools: {} };
    result.sizes[n] = row;
    // Prepare every tool first; a tool that cannot even be set up is recorded and skipped.
    /**
     * @type {{ name: string, tool: Tool, entry: ScaleEntry, site: string, resultFile: string,
     *   node: NodeRuntime }[]}
     */
    const active = [];
    for (const name of names) {
      const tool = all[name];
      if (!tool) continue; // every name was checked above
      if (!tool.ours && peerSizes && !peerSizes.includes(n)) continue;
      /** @type {ScaleEntry} */
      const entry = {
        label: tool.label,
        ours: Boolean(tool.ours),
        builds: { cold: [], warm: [], changed: [] },
      };
      row.tools[name] = entry;
      if (n >= BIG && bigTools && !bigTools.includes(name)) {
        entry.skipped = `not run at ${n.toLocaleString('en')} pages by default (add --tools=${name})`;
        continue;
      }
      try {
        let p = prepared.get(name);
        if (!p) {
          p = tool.prepare(log);
          prepared.set(name, p);
        }
        entry.version = p.version;
        entry.node = p.node.version;
        const site = tool.siteDir(n);
        entry.bytesPerPage = writeSite(tool.site, site, n).bytesPerPage;
        active.push({
          name,
          tool,
          entry,
          site,
          resultFile: join(site, '..', `result-n${n}.json`),
          node: p.node,
        });
      } catch (err) {
        entry.error = messageOf(err);
        log(`  N=${n} ${name} FAILED: ${entry.error.split('\n').slice(0, 8).join('\n    ')}`);
      }
    }
    // Round-robin over the tools within each run, so a burst of load from elsewhere on the
    // machine lands on every tool alike instead of on whichever ran at that moment.
    for (let r = 0; r < runs; r++) {
      for (const { name, tool, entry, site, resultFile, node } of active) {
        if (entry.error) continue;
        const timeoutMs = !tool.ours && n >= BIG ? PEER_LIMIT_MS : LIMIT_MS;
        try {
          for (const p of tool.cachePaths(site)) retire(p);
          /** @type {Kind[]} */
          const kinds = tool.ours || peerWarm ? KINDS : ['cold'];
          for (const kind of kinds) {
            writeData(tool.site, site, n, { edited: kind === 'changed' });
            rmSync(resultFile, { force: true });
            const { cmd, args } = tool.command(site, resultFile, node);
            const m = await runMeasured(cmd, args, {
              cwd: site,
              env: tool.env,
              logFile,
              timeoutMs,
            });
            const load = loadavg()[0] ?? Number.NaN;
            if (m.timedOut) {
              entry.timedOut = { kind, minutes: timeoutMs / 60_000, load };
              throw new Error(
                `${kind} build did not finish in ${timeoutMs / 60_000} minutes (load ${load.toFixed(1)}); stopped.`,
              );
            }
            if (!m.ok)
              throw new Error(`${kind} build ${r + 1} failed (exit ${m.code}):\n${m.error}`);
            const bad = checkOutput(tool.outDir(site), n, kind);
            if (bad)
              throw new Error(`${kind} build ${r + 1} finished but its output is wrong: ${bad}`);
            entry.builds[kind].push({
              ms: m.ms,
              peakBytes: m.peakBytes,
              writeBytes: m.writeBytes,
              wchar: m.wchar,
              load,
              processes: m.processes,
            });
            if (tool.ours)
              ourExtras({
                entry,
                kind,
                outDir: tool.outDir(site),
                resultFile,
                ms: m.ms,
                coldTrees,
                site,
              });
            log(
              `  N=${n} ${name} ${kind} #${r + 1}: ${(m.ms / 1000).toFixed(2)} s, peak ${(m.peakBytes / 2 ** 20).toFixed(0)} MB, wrote ${(m.writeBytes / 2 ** 20).toFixed(0)} MB (load ${load.toFixed(1)})`,
            );
          }
          writeData(tool.site, site, n);
        } catch (err) {
          entry.error = messageOf(err);
          log(`  N=${n} ${name} FAILED: ${entry.error.split('\n').slice(0, 8).join('\n    ')}`);
        }
      }
    }
    // A tool stopped by the time limit keeps the medians of the builds it finished before.
    for (const { tool, entry } of active)
      if (!entry.error || entry.timedOut) summarise(entry, n, tool);
    ratios(row);
  }
  rmSync(trash, { recursive: true, force: true });
  return result;
}

/**
 * Ratios from this run: each peer's median over ours on the same Node major, per kind.
 * @param {ScaleResult['sizes'][string]} row
 */
function ratios(row) {
  const major = (/** @type {string | undefined} */ v) => String(v ?? '').split('.')[0];
  // A figure missing on either side gives NaN (null in the JSON).
  const over = (/** @type {number | undefined} */ x, /** @type {number | undefined} */ y) =>
    (x ?? Number.NaN) / (y ?? Number.NaN);
  const ours = Object.values(row.tools).filter((e) => e.ours && e.median);
  for (const entry of Object.values(row.tools)) {
    const own = entry.median;
    if (!own) continue;
    const base = ours.find((o) => major(o.node) === major(entry.node));
    if (!base || base === entry) continue;
    /** @type {Ratios} */
    const oursFaster = { node: base.node };
    entry.oursFaster = oursFaster;
    for (const kind of KINDS) oursFaster[kind] = over(own[kind]?.ms, base.median?.[kind]?.ms);
  }
  // Ours on Node 22 against ours on Node 20, same run.
  const [a, b] = ours;
  if (a && b && major(a.node) !== major(b.node)) {
    const [older, newer] = Number(major(a.node)) < Number(major(b.node)) ? [a, b] : [b, a];
    /** @type {Ratios} */
    const vsOlderNode = { node: older.node };
    newer.vsOlderNode = vsOlderNode;
    for (const kind of KINDS)
      vsOlderNode[kind] = over(older.median?.[kind]?.ms, newer.median?.[kind]?.ms);
  }
}
