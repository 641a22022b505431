/**
 * `pnpm bench`: the benchmarks of issues 6 and 14, from one run, printed as tables, then the
 * budgets of issue 28 beside this run's figures (report-budgets.mjs).
 *   scale      N generated pages built by our ssg (Node 20 and 22), Gatsby 5, Astro 5, Astro 7,
 *              Next 16 and React Router 8: cold, warm unchanged, warm with 1% changed; peak RSS,
 *              bytes written
 *   clinic     cold `node_modules/.bin/ssg build` of the clinic site
 *   bytes      home page HTML and first-load JS, React's floor, the loader, page-data envelope
 *   lighthouse Lighthouse 12 mobile on the clinic home page
 *   navigation click → painted for a prefetched page, CPU 1× and 4×
 *   load       autocannon against ssg serve and nginx: req/s, p99, errors for /, page-data, a 404
 * plus the section modules of OPTIONAL_SECTIONS in scripts/bench/ (see SECTIONS below):
 *   main-thread longest task while / and /galeria/ hydrate, click → paint for the first and
 *              second prefetched click, at 4× CPU slowdown
 *   images     100 phone photos (4000×3000) through <Image>, ours against Astro's astro:assets (once);
 *              our bytes and SSIM per width, and /galeria/ with six of them at 390 px in Chromium
 *   lighthouse-pages Lighthouse mobile on / and /galeria/ of the clinic, and of the clinic whose
 *              gallery holds six 4000×3000 phone photos
 *   third-party-tag a heavy tag (200 ms of work + DOM reads) on the clinic home page under
 *              <Script strategy="idle"> and "proxied" (Partytown): long tasks and TBT at 4× CPU
 *
 * Options: --quick (N=100, one run, Astro 5 as the only peer and cold only, one Lighthouse run),
 * --only=scale,clinic,…, --sizes=1000,10000,100000, --runs=3,
 * --tools=ssg,ssg-node22,gatsby,astro,astro7,next,react-router, --write-docs (replace the figures block of
 * docs/performance.md and its charts in docs/performance/).
 * Peers install on first use with npm ci under .bench/ (gitignored), pinned by bench/peers/.
 * Each section survives the failure of another (and of any one peer): the error is printed and
 * the run goes on.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { clientNavigation, lighthouse } from './bench/browser.mjs';
import { scaleCharts } from './bench/chart.mjs';
import { runBytes, runClinicBuild } from './bench/clinic.mjs';
import { messageOf, stackOf } from './bench/error-text.mjs';
import { runLoad } from './bench/load.mjs';
import { markdownReport, textReport } from './bench/report.mjs';
import { runScale } from './bench/scale.mjs';
import { serveStatic } from './bench/static-server.mjs';
import { DEFAULT_TOOLS } from './bench/tools.mjs';
import { writeDocs } from './bench/write-docs.mjs';

/** @import { BenchResult, Section, SectionContext, Served } from './bench/types' */

const repoRoot = join(import.meta.dirname, '..');
const benchDir = join(repoRoot, '.bench');

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    sizes: { type: 'string' },
    runs: { type: 'string' },
    tools: { type: 'string' },
    'write-docs': { type: 'boolean', default: false },
  },
  strict: true,
});
const quick = values.quick;
const list = (/** @type {string | undefined} */ v) =>
  v
    ?.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
const sizes = list(values.sizes)?.map(Number) ?? (quick ? [100] : [1000, 10000, 100000]);
const runs = Number(values.runs ?? (quick ? 1 : 3));
const settings = {
  sizes,
  runs,
  // Gatsby's start-up alone takes ~12 s even for 100 pages: quick runs leave it out unless asked.
  tools: list(values.tools) ?? (quick ? ['ssg', 'astro'] : DEFAULT_TOOLS),
  // At 100,000 pages: ours (both Nodes), Astro 7 and Next unless --tools names others.
  bigTools: list(values.tools) ?? ['ssg', 'ssg-node22', 'astro7', 'next'],
  clinicRuns: quick ? 1 : 5,
  lighthouseRuns: quick ? 1 : 3,
  navigationRuns: quick ? 1 : 7,
};

const log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
// A stray rejection inside a tool (a browser closing under a pending wait) must not end the run.
process.on('unhandledRejection', (err) =>
  log(`  (ignored unhandled rejection: ${messageOf(err).split('\n')[0]})`),
);
mkdirSync(join(benchDir, 'logs'), { recursive: true });
mkdirSync(join(benchDir, 'results'), { recursive: true });

const clinicOut = join(benchDir, 'clinic', 'dist');
/** @type {Served | null} */
let server = null;
/** The built clinic site served from 127.0.0.1 (one server for every browser section). */
async function serveClinic() {
  if (!existsSync(join(clinicOut, 'index.html')))
    throw new Error(
      `no built clinic site in ${clinicOut}; run the clinic section first (pnpm bench --only=clinic)`,
    );
  server ??= await serveStatic(clinicOut);
  return server;
}

/** @type {SectionContext} What every section's `run` receives. */
const ctx = { benchDir, repoRoot, settings, quick, log, clinicOut, serveClinic };

/**
 * The section registry, in run order: `{ name, run(ctx) → JSON-able result, report?(result) →
 * [title, { headers, rows } | lines][] }`. The built-in sections are reported by report.mjs;
 * a section module (OPTIONAL_SECTIONS) default-exports such an object with its own `report`.
 * @type {Section[]}
 */
const SECTIONS = [
  {
    name: 'scale',
    run: () =>
      runScale({
        benchDir,
        repoRoot,
        sizes: settings.sizes,
        runs: settings.runs,
        only: settings.tools,
        bigTools: settings.bigTools,
        // Quick runs keep the peers to the smallest size so the whole run stays under a minute.
        peerSizes: quick ? [Math.min(...settings.sizes)] : undefined,
        peerWarm: !quick,
        log,
      }),
  },
  {
    name: 'clinic',
    run: () => runClinicBuild({ benchDir, repoRoot, runs: settings.clinicRuns, log }),
  },
  {
    name: 'bytes',
    run: () => {
      const synthetic = settings.sizes.includes(1000) ? 1000 : settings.sizes[0];
      return runBytes({
        repoRoot,
        outDir: clinicOut,
        syntheticOutDir: join(benchDir, 'ssg', 'sites', `n${synthetic}`, 'dist'),
      });
    },
  },
  {
    name: 'lighthouse',
    run: async () => {
      const { url } = await serveClinic();
      return lighthouse({ benchDir, url: `${url}/`, runs: settings.lighthouseRuns, log });
    },
  },
  {
    name: 'navigation',
    run: async () => {
      const { url } = await serveClinic();
      return clientNavigation({
        repoRoot,
        base: url,
        from: '/',
        to: navigationTarget(clinicOut),
        runs: settings.navigationRuns,
        log,
      });
    },
  },
  {
    name: 'load',
    run: () => runLoad({ benchDir, repoRoot, seconds: quick ? 2 : 5, connections: 20, log }),
  },
];
// Browser sections written as modules of their own join the registry before `load` when present.
const OPTIONAL_SECTIONS = [
  'main-thread.mjs',
  'images.mjs',
  'lighthouse-pages.mjs',
  'third-party-tag.mjs',
];
for (const file of OPTIONAL_SECTIONS) {
  const path = join(import.meta.dirname, 'bench', file);
  if (!existsSync(path)) continue;
  /** @type {Partial<Section> | undefined} */
  const mod = (await import(pathToFileURL(path).href)).default;
  // A module of another shape must not stop the other sections: say so and leave it out.
  if (!mod?.name || typeof mod.run !== 'function') {
    log(`bench: ${file} does not default-export { name, run(ctx), report?(result) }; left out.`);
    continue;
  }
  SECTIONS.splice(SECTIONS.length - 1, 0, /** @type {Section} */ (mod));
}
const names = SECTIONS.map((sec) => sec.name);
const only = list(values.only) ?? names;
for (const name of only)
  if (!names.includes(name))
    throw new Error(`--only: unknown section "${name}"; sections are ${names.join(', ')}.`);

function machine() {
  const sh = (/** @type {string} */ cmd) => {
    try {
      return execSync(cmd, {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return null;
    }
  };
  let chromium = sh('/usr/bin/chromium --version');
  chromium = chromium?.replace(/^Chromium\s+/, '') ?? null;
  return {
    date: new Date().toISOString(),
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
    commit: sh('git rev-parse --short HEAD'),
    dirty: Boolean(sh('git status --porcelain -- packages')),
    chromium,
  };
}

/** @type {BenchResult} */
const result = { machine: machine(), settings: { ...settings, quick, only } };
log(
  `bench: ${quick ? 'quick' : 'full'} run on ${result.machine.nproc} cores, ${result.machine.memoryGiB} GiB, Node ${result.machine.node}; load ${result.machine.loadAverageAtStart.join(' ')}; sections ${only.join(', ')}; logs in .bench/logs/`,
);
const started = Date.now();

/**
 * The home page's first internal link to another page that has page-data (for navigation).
 * @param {string} outDir
 */
function navigationTarget(outDir) {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const hrefs = [...html.matchAll(/<a\b[^>]*\shref="(\/[^"#?]*)"/g)].flatMap((m) => m[1] ?? []);
  const candidates = hrefs.filter(
    (h) =>
      h !== '/' && existsSync(join(outDir, 'page-data', h.replace(/\/$/, ''), 'page-data.json')),
  );
  const [first] = candidates;
  if (!first) throw new Error(`the home page of ${outDir} links to no other page with page-data`);
  return candidates.includes('/servicos/') ? '/servicos/' : first;
}

// Each section in turn; a throw is recorded as the section's error and printed, never fatal.
// The 1-minute load average at each section's start and end goes beside its budgets.
result.loadAverages = {};
for (const sec of SECTIONS) {
  if (!only.includes(sec.name)) continue;
  log(`\n[${sec.name}]`);
  const t = Date.now();
  const loadAtStart = os.loadavg()[0] ?? Number.NaN;
  try {
    result[sec.name] = await sec.run(ctx);
  } catch (err) {
    result[sec.name] = { error: stackOf(err) };
    log(`  ${sec.name} failed: ${messageOf(err).split('\n').slice(0, 10).join('\n  ')}`);
  }
  result.loadAverages[sec.name] = { start: loadAtStart, end: os.loadavg()[0] ?? Number.NaN };
  log(`  (${((Date.now() - t) / 1000).toFixed(0)} s)`);
}
// Set inside serveClinic, where TypeScript's flow analysis does not look.
await /** @type {Served | null} */ (server)?.close();

result.totalSeconds = Math.round((Date.now() - started) / 1000);
const stamp = result.machine.date.replace(/[:.]/g, '-');
const json = `${JSON.stringify(result, null, 2)}\n`;
writeFileSync(join(benchDir, 'results', `${quick ? 'quick' : 'full'}-${stamp}.json`), json);
writeFileSync(join(benchDir, 'results', 'latest.json'), json);
const md = markdownReport(result, SECTIONS);
writeFileSync(join(benchDir, 'results', 'latest.md'), md);
const charts = scaleCharts(result.scale);
for (const [file, svg] of Object.entries(charts))
  writeFileSync(join(benchDir, 'results', file), svg);

log(textReport(result, SECTIONS));
log(
  `\nbench finished in ${result.totalSeconds} s; results in .bench/results/latest.json and latest.md${Object.keys(charts).length ? `, charts ${Object.keys(charts).join(', ')} beside them` : ''}`,
);

if (values['write-docs']) writeDocs({ repoRoot, result, md, charts, quick, log });
