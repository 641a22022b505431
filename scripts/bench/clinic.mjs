/**
 * Clinic section: cold `node_modules/.bin/ssg build` of the clinic site (median of N runs, caches
 * removed before each), then the byte figures of its output (bytes.mjs).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { envelopeOverhead, homePageBytes, loaderSize, reactFloor } from './bytes.mjs';
import { messageOf } from './error-text.mjs';
import { median, runMeasured } from './measure.mjs';
import { outputAndBuilds } from './output-paths.mjs';

/** @import { Log, StageTime } from './types' */

/**
 * Caches the clinic build keeps: the server bundle and Vite's under the site's node_modules, and
 * the site root's node_modules/.ssg (the client bundle every output folder shares, compressed
 * files, images, the incremental cache). A cold build starts without any of them.
 * @param {string} repoRoot
 */
function clinicCaches(repoRoot) {
  const site = join(repoRoot, 'packages', 'site', 'node_modules');
  return [
    join(repoRoot, 'node_modules', '.ssg'),
    join(site, '.ssg'),
    join(site, '.vite'),
    join(repoRoot, '.ssg-cache'),
    join(repoRoot, 'packages', 'site', '.ssg-cache'),
  ];
}

/**
 * The CLI as a user's `npx ssg build` runs it: the package's bin, not wrapped in `pnpm exec`, whose
 * own process stayed alive beside the build and held ~100 MB of its measured peak.
 * @param {string} repoRoot
 * @param {string} outDir
 */
export function clinicCommand(repoRoot, outDir) {
  const bin = join(repoRoot, 'node_modules', '.bin', 'ssg');
  // the bin is linked at the root by `pnpm install`; the package's own entry works the same
  return existsSync(bin)
    ? { cmd: bin, args: ['build', '--out', outDir] }
    : {
        cmd: process.execPath,
        args: [join(repoRoot, 'packages', 'ssg-cli', 'bin', 'ssg.mjs'), 'build', '--out', outDir],
      };
}

/**
 * Stage times from the summary line `stages: config 12 ms · content 3 ms · …`.
 * @param {string} text
 * @returns {StageTime[] | null}
 */
function parseStages(text) {
  const line = /stages: (.*)/.exec(text)?.[1];
  if (!line) return null;
  return line.split(' · ').map((part) => {
    const m = /^(.*) (\d+) ms$/.exec(part.trim());
    return m ? { name: m[1] ?? part, ms: Number(m[2]) } : { name: part, ms: Number.NaN };
  });
}

/**
 * @param {{ benchDir: string, repoRoot: string, runs: number, log: Log }} options
 */
export async function runClinicBuild({ benchDir, repoRoot, runs, log }) {
  const outDir = join(benchDir, 'clinic', 'dist');
  const logFile = join(benchDir, 'logs', 'clinic.log');
  /** @type {number[]} */
  const times = [];
  /** @type {number[]} */
  const peaks = [];
  /** @type {StageTime[][]} */
  const stageRuns = [];
  const command = clinicCommand(repoRoot, outDir);
  for (let r = 0; r < runs; r++) {
    for (const p of [...clinicCaches(repoRoot), ...outputAndBuilds(outDir)])
      rmSync(p, { recursive: true, force: true });
    const m = await runMeasured(command.cmd, command.args, {
      cwd: repoRoot,
      logFile,
      env: { NO_COLOR: '1' },
    });
    if (!m.ok) throw new Error(`clinic build ${r + 1} failed (exit ${m.code}):\n${m.error}`);
    times.push(m.ms);
    peaks.push(m.peakBytes);
    const stages = parseStages(readFileSync(logFile, 'utf8').split('\n$ ').pop() ?? '');
    if (stages) stageRuns.push(stages);
    log(
      `  clinic cold build #${r + 1}: ${(m.ms / 1000).toFixed(2)} s, peak ${(m.peakBytes / 2 ** 20).toFixed(0)} MB`,
    );
  }
  const [firstRun] = stageRuns;
  const stageMedians = firstRun
    ? firstRun.map(({ name }) => ({
        name,
        ms: median(stageRuns.map((s) => s.find((x) => x.name === name)?.ms)),
      }))
    : null;
  return {
    command: [command.cmd === process.execPath ? 'node' : command.cmd, ...command.args]
      .map((a) => a.replace(`${repoRoot}/`, ''))
      .join(' '),
    runs: times,
    median: median(times),
    peakMedian: median(peaks),
    stageMedians,
    outDir,
  };
}

/**
 * @typedef {{ home?: ReturnType<typeof homePageBytes>,
 *   reactFloor?: Awaited<ReturnType<typeof reactFloor>>,
 *   loader?: Awaited<ReturnType<typeof loaderSize>>,
 *   envelope?: ReturnType<typeof envelopeOverhead>,
 *   envelopeSynthetic?: ReturnType<typeof envelopeOverhead>,
 *   errors?: Record<string, string> }} BytesResult
 */

/**
 * @param {{ repoRoot: string, outDir: string, syntheticOutDir?: string }} options
 * @returns {Promise<BytesResult>}
 */
export async function runBytes({ repoRoot, outDir, syntheticOutDir }) {
  /** @type {BytesResult} */
  const out = {};
  /** @type {Record<string, string>} */
  const errors = {};
  /**
   * @template {Exclude<keyof BytesResult, 'errors'>} K
   * @param {K} key
   * @param {() => BytesResult[K] | Promise<BytesResult[K]>} fn
   */
  const attempt = async (key, fn) => {
    try {
      out[key] = await fn();
    } catch (err) {
      errors[key] = messageOf(err);
    }
  };
  await attempt('home', () => {
    if (!existsSync(join(outDir, 'index.html')))
      throw new Error(`no ${outDir}/index.html: the clinic build did not run or failed`);
    return homePageBytes(outDir);
  });
  await attempt('reactFloor', () => reactFloor(repoRoot));
  await attempt('loader', () => loaderSize(repoRoot));
  await attempt('envelope', () => envelopeOverhead(outDir));
  if (syntheticOutDir && existsSync(syntheticOutDir))
    await attempt('envelopeSynthetic', () => envelopeOverhead(syntheticOutDir));
  if (Object.keys(errors).length) out.errors = errors;
  return out;
}
