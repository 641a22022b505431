/**
 * Figures the scale section derives from its builds: medians per kind (time, peak RSS, bytes
 * written, load average), and for our tool the stage times, memory by stage and the check that
 * an unchanged warm rebuild writes exactly the cold build's output.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { median } from './measure.mjs';

/** @import { Kind, MemoryAt, ScaleEntry, StageTime, Tool } from './types' */

/** @type {Kind[]} */
const KINDS = ['cold', 'warm', 'changed'];

/** @param {string} dir */
function countHtml(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.html')) count++;
  return count;
}

/**
 * Medians of each kind's builds into `entry.median[kind]`; pages/s from the cold median.
 * @param {ScaleEntry} entry
 * @param {number} n
 * @param {Tool} tool
 */
export function summarise(entry, n, tool) {
  /** @type {NonNullable<ScaleEntry['median']>} */
  const medians = {};
  entry.median = medians;
  for (const kind of KINDS) {
    const b = entry.builds[kind];
    if (!b.length) continue;
    medians[kind] = {
      ms: median(b.map((x) => x.ms)),
      peakBytes: median(b.map((x) => x.peakBytes)),
      writeBytes: median(b.map((x) => x.writeBytes)),
      load: median(b.map((x) => x.load)),
    };
  }
  if (medians.cold) entry.pagesPerSecond = n / (medians.cold.ms / 1000);
  const site = tool.siteDir(n);
  if (existsSync(tool.outDir(site))) entry.htmlFiles = countHtml(tool.outDir(site));
  const stages = entry.stages;
  if (stages) {
    /** @type {NonNullable<ScaleEntry['stageMedians']>} */
    const stageMedians = {};
    entry.stageMedians = stageMedians;
    for (const kind of KINDS) stageMedians[kind] = medianStages(stages[kind] ?? []);
  }
}

/**
 * Ours only: stage times and memory from the build's result file; warm output identity.
 * @param {{ entry: ScaleEntry, kind: Kind, outDir: string, resultFile: string, ms: number,
 *   coldTrees: Map<string, Map<string, string>>, site: string }} build
 */
export function ourExtras({ entry, kind, outDir, resultFile, ms, coldTrees, site }) {
  if (kind === 'cold') coldTrees.set(site, treeDigest(outDir));
  if (kind === 'warm')
    entry.warmIdentical = [
      ...(entry.warmIdentical ?? []),
      compareTrees(coldTrees.get(site), treeDigest(outDir)),
    ];
  if (!existsSync(resultFile)) return;
  /** @type {{ stages: StageTime[], buildMs: number, pages: number, memory?: MemoryAt[] }} */
  const br = JSON.parse(readFileSync(resultFile, 'utf8'));
  // What the stages do not cover: process start-up and imports (process − build()),
  // and build() work outside the named stages (staging cleanup, the swap).
  const stageSum = br.stages.reduce((a, st) => a + st.ms, 0);
  entry.stages ??= { cold: [], warm: [], changed: [] };
  entry.stages[kind].push([
    ...br.stages,
    { name: '(outside stages)', ms: br.buildMs - stageSum },
    { name: '(start-up, imports, exit)', ms: ms - br.buildMs },
  ]);
  entry.pagesBuilt = br.pages;
  if (br.memory) {
    entry.memoryByStage ??= { cold: [], warm: [], changed: [] };
    entry.memoryByStage[kind].push(br.memory);
  }
}

/**
 * Relative path → SHA-1 of every file under `dir`.
 * @param {string} dir
 */
function treeDigest(dir) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    out.set(relative(dir, file), createHash('sha1').update(readFileSync(file)).digest('hex'));
  }
  return out;
}

/**
 * `true` when both trees hold the same files with the same bytes, else the first difference.
 * @param {Map<string, string> | undefined} cold
 * @param {Map<string, string>} warm
 * @returns {true | string}
 */
function compareTrees(cold, warm) {
  if (!cold) return 'no cold tree to compare with';
  for (const [file, hash] of cold) {
    if (!warm.has(file)) return `warm output lacks ${file}`;
    if (warm.get(file) !== hash) return `${file} differs`;
  }
  for (const file of warm.keys()) if (!cold.has(file)) return `warm output has an extra ${file}`;
  return true;
}

/**
 * Median ms per stage name over runs (each run: Array<{name, ms}>).
 * @param {StageTime[][]} runs
 */
function medianStages(runs) {
  const [first] = runs;
  if (!first) return null;
  const names = first.map((s) => s.name);
  return names.map((name) => ({
    name,
    ms: median(runs.map((r) => r.find((s) => s.name === name)?.ms)),
  }));
}
