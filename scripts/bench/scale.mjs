/**
 * Scale section: the same N generated pages built by our ssg, Gatsby 5 and Astro 5. For each
 * size, `runs` rounds; in each round every tool does a cold build (every cache and output
 * removed) then a warm rebuild with nothing changed. Medians of wall time and of peak memory
 * of the process tree.
 * A tool that fails is recorded with its error and the others go on.
 */

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { writeSite } from '../../bench/generate.mjs';
import { median, runMeasured } from './measure.mjs';
import { ensurePeer } from './peers.mjs';
import { linkWorkspacePackages } from './ssg-site.mjs';

const here = import.meta.dirname;

/** How each tool is prepared, cleaned for a cold build, run, and where its output lands. */
function tools(benchDir, repoRoot) {
  return {
    ssg: {
      label: 'ssg (ours)',
      siteDir: (n) => join(benchDir, 'ssg', 'sites', `n${n}`),
      prepare: () => linkWorkspacePackages(benchDir, repoRoot),
      outDir: (site) => join(site, 'dist'),
      // The build keeps its caches (server bundle, incremental state) under the site's node_modules.
      cachePaths: (site) => [
        join(site, 'dist'),
        join(site, 'node_modules'),
        join(site, '.ssg-cache'),
      ],
      command: (site, resultFile) => ({
        cmd: process.execPath,
        args: [
          join(here, 'ssg-build.mjs'),
          site,
          join(site, 'content'),
          join(site, 'dist'),
          resultFile,
        ],
      }),
    },
    gatsby: {
      label: 'Gatsby',
      siteDir: (n) => join(benchDir, 'gatsby', 'sites', `n${n}`),
      prepare: (log) => ensurePeer(benchDir, 'gatsby', log),
      outDir: (site) => join(site, 'public'),
      cachePaths: (site) => [join(site, 'public'), join(site, '.cache')],
      command: () => ({
        cmd: join(benchDir, 'gatsby', 'node_modules', '.bin', 'gatsby'),
        args: ['build'],
      }),
      env: { GATSBY_TELEMETRY_DISABLED: '1', CI: '1', NO_COLOR: '1' },
    },
    astro: {
      label: 'Astro',
      siteDir: (n) => join(benchDir, 'astro', 'sites', `n${n}`),
      prepare: (log) => ensurePeer(benchDir, 'astro', log),
      outDir: (site) => join(site, 'dist'),
      cachePaths: (site) => [join(site, 'dist'), join(site, '.astro'), join(site, 'node_modules')],
      command: () => ({
        cmd: join(benchDir, 'astro', 'node_modules', '.bin', 'astro'),
        args: ['build', '--silent'],
      }),
      env: { ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    },
  };
}

/** Checks that the first and last page exist in the output, so a silent no-op build cannot win. */
function checkOutput(outDir, n) {
  for (const i of [1, n]) {
    const file = join(outDir, 'p', String(i), 'index.html');
    if (!existsSync(file)) return `missing ${file}`;
    if (!readFileSync(file, 'utf8').includes(`${i}</h1>`))
      return `${file} does not hold page ${i}'s title`;
  }
  return null;
}

function countHtml(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) count++;
  }
  return count;
}

/**
 * Runs the scale benchmark. `sizes`: page counts; `runs`: repetitions; `only`: tool names;
 * `peerSizes`: sizes at which peers run (all by default); `peerWarm: false` skips the peers'
 * warm rebuilds. Returns a plain JSON-able object.
 */
export async function runScale({
  benchDir,
  repoRoot,
  sizes,
  runs,
  only,
  peerSizes,
  peerWarm = true,
  log,
}) {
  const all = tools(benchDir, repoRoot);
  // Before a cold build the tool's output and caches are moved aside, not deleted: this disk
  // (ext4 without a journal) does not reuse an inode for 1-6 minutes after its deletion and scans
  // past every such inode on each file it creates, so deleting 40,000 files and folders right
  // before a build slows that build's writes 3-5x (ours, 10k pages, same code, same minute: emit
  // 1.4-1.9 s and 3.4-3.9 s in all when moved aside, 4.0-6.9 s and 6.0-8.7 s when deleted). The
  // harness's own deletion is not part of a cold build; the folders go after the last timed run.
  const trash = join(benchDir, 'trash');
  rmSync(trash, { recursive: true, force: true });
  let retired = 0;
  const retire = (p) => {
    if (!existsSync(p)) return;
    mkdirSync(trash, { recursive: true });
    renameSync(p, join(trash, String(retired++)));
  };
  const names = only ?? Object.keys(all);
  const logFile = join(benchDir, 'logs', 'scale.log');
  const result = { sizes: {}, runs };
  const prepared = new Map();
  const coldTree = new Map();
  for (const n of sizes) {
    const row = { tools: {} };
    result.sizes[n] = row;
    // Prepare every tool first; a tool that cannot even be set up is recorded and skipped.
    const active = [];
    for (const name of names) {
      if (name !== 'ssg' && peerSizes && !peerSizes.includes(n)) continue;
      const tool = all[name];
      const entry = {
        label: tool.label,
        cold: [],
        warm: [],
        coldPeak: [],
        warmPeak: [],
        stages: { cold: [], warm: [] },
        processes: { cold: [], warm: [] },
      };
      row.tools[name] = entry;
      try {
        if (!prepared.has(name)) prepared.set(name, tool.prepare(log) ?? {});
        entry.version = prepared.get(name).version;
        const site = tool.siteDir(n);
        entry.bytesPerPage = writeSite(name, site, n).bytesPerPage;
        active.push({ name, tool, entry, site, resultFile: join(site, '..', `result-n${n}.json`) });
      } catch (err) {
        entry.error = String(err?.message ?? err);
        log(`  N=${n} ${tool.label} FAILED: ${entry.error.split('\n').slice(0, 8).join('\n    ')}`);
      }
    }
    // Round-robin over the tools within each run, so a burst of load from elsewhere on the
    // machine lands on every tool alike instead of on whichever ran at that moment.
    for (let r = 0; r < runs; r++) {
      for (const { name, tool, entry, site, resultFile } of active) {
        if (entry.error) continue;
        try {
          for (const p of tool.cachePaths(site)) retire(p);
          for (const kind of name === 'ssg' || peerWarm ? ['cold', 'warm'] : ['cold']) {
            rmSync(resultFile, { force: true });
            const { cmd, args } = tool.command(site, resultFile);
            const m = await runMeasured(cmd, args, { cwd: site, env: tool.env, logFile });
            if (!m.ok)
              throw new Error(`${kind} build ${r + 1} failed (exit ${m.code}):\n${m.error}`);
            const bad = checkOutput(tool.outDir(site), n);
            if (bad)
              throw new Error(`${kind} build ${r + 1} finished but its output is wrong: ${bad}`);
            // Ours only: an unchanged warm rebuild must write exactly the cold build's output.
            if (name === 'ssg') {
              const tree = treeDigest(tool.outDir(site));
              if (kind === 'cold') coldTree.set(site, tree);
              else
                entry.warmIdentical = [
                  ...(entry.warmIdentical ?? []),
                  compareTrees(coldTree.get(site), tree),
                ];
            }
            entry[kind].push(m.ms);
            entry[`${kind}Peak`].push(m.peakBytes);
            entry.processes[kind].push(m.processes);
            entry.loadAverage = [...(entry.loadAverage ?? []), loadavg()[0]];
            if (existsSync(resultFile)) {
              const br = JSON.parse(readFileSync(resultFile, 'utf8'));
              // What the stages do not cover: process start-up and imports (process − build()),
              // and build() work outside the named stages (staging cleanup, the swap).
              const stageSum = br.stages.reduce((a, st) => a + st.ms, 0);
              entry.stages[kind].push([
                ...br.stages,
                { name: '(outside stages)', ms: br.buildMs - stageSum },
                { name: '(start-up, imports, exit)', ms: m.ms - br.buildMs },
              ]);
              entry.pagesBuilt = br.pages;
              if (br.memory) {
                entry.memoryByStage ??= { cold: [], warm: [] };
                entry.memoryByStage[kind].push(br.memory);
              }
            }
            log(
              `  N=${n} ${tool.label} ${kind} #${r + 1}: ${(m.ms / 1000).toFixed(2)} s, peak ${(m.peakBytes / 2 ** 20).toFixed(0)} MB (load ${loadavg()[0].toFixed(1)})`,
            );
          }
        } catch (err) {
          entry.error = String(err?.message ?? err);
          log(
            `  N=${n} ${tool.label} FAILED: ${entry.error.split('\n').slice(0, 8).join('\n    ')}`,
          );
        }
      }
    }
    for (const { tool, entry, site } of active) {
      if (entry.error) continue;
      entry.htmlFiles = countHtml(tool.outDir(site));
      entry.median = {
        cold: median(entry.cold),
        warm: median(entry.warm),
        coldPeak: median(entry.coldPeak),
        warmPeak: median(entry.warmPeak),
      };
      entry.pagesPerSecond = n / (entry.median.cold / 1000);
      entry.stageMedians = {
        cold: medianStages(entry.stages.cold),
        warm: medianStages(entry.stages.warm),
      };
    }
    const ours = row.tools.ssg?.median;
    for (const [name, entry] of Object.entries(row.tools)) {
      if (name === 'ssg' || !entry.median || !ours) continue;
      entry.oursFaster = {
        cold: entry.median.cold / ours.cold,
        warm: entry.median.warm / ours.warm,
      };
    }
  }
  rmSync(trash, { recursive: true, force: true });
  return result;
}

/** Relative path → SHA-1 of every file under `dir`. */
function treeDigest(dir) {
  const out = new Map();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    out.set(relative(dir, file), createHash('sha1').update(readFileSync(file)).digest('hex'));
  }
  return out;
}

/** `true` when both trees hold the same files with the same bytes, else the first difference. */
function compareTrees(cold, warm) {
  if (!cold) return 'no cold tree to compare with';
  for (const [file, hash] of cold) {
    if (!warm.has(file)) return `warm output lacks ${file}`;
    if (warm.get(file) !== hash) return `${file} differs`;
  }
  for (const file of warm.keys()) if (!cold.has(file)) return `warm output has an extra ${file}`;
  return true;
}

/** Median ms per stage name over runs (each run: Array<{name, ms}>). */
function medianStages(runs) {
  if (!runs.length) return null;
  const names = runs[0].map((s) => s.name);
  return names.map((name) => ({
    name,
    ms: median(runs.map((r) => r.find((s) => s.name === name)?.ms)),
  }));
}
