/**
 * `pnpm bench`: the benchmarks of issue 6, from one run, printed as tables.
 *   scale      N generated pages built by our ssg, Gatsby 5 and Astro 5 (cold, warm, memory)
 *   clinic     cold `pnpm exec ssg build` of the clinic site
 *   bytes      home page HTML and first-load JS, React's floor, the loader, page-data envelope
 *   lighthouse Lighthouse 12 mobile on the clinic home page
 *   navigation click → painted for a prefetched page, CPU 1× and 4×
 *   main-thread longest main-thread task while / and /galeria/ hydrate, click → paint for the
 *              first and second prefetched click, at 4× CPU slowdown (main-thread.mjs)
 *   load       autocannon against ssg serve and nginx: req/s, p99, errors for /, page-data, a 404
 *
 * Options: --quick (N=100, one run, Astro as the only peer and cold only, one Lighthouse run:
 * under a minute once the peers are installed; `--quick --tools=ssg,gatsby,astro` adds Gatsby),
 * --only=scale,clinic,…, --sizes=1000,10000, --runs=3,
 * --tools=ssg,gatsby,astro, --write-docs (replace the figures block of docs/performance.md).
 * Peers install on first use with npm under .bench/ (gitignored). Each section survives the
 * failure of another (and of any one peer): the error is printed and the run goes on.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { clientNavigation, lighthouse } from './bench/browser.mjs';
import { runBytes, runClinicBuild } from './bench/clinic.mjs';
import { runLoad } from './bench/load.mjs';
import { runMainThread } from './bench/main-thread.mjs';
import { markdownReport, textReport } from './bench/report.mjs';
import { runScale } from './bench/scale.mjs';
import { serveStatic } from './bench/static-server.mjs';

const repoRoot = join(import.meta.dirname, '..');
const benchDir = join(repoRoot, '.bench');
const SECTIONS = ['scale', 'clinic', 'bytes', 'lighthouse', 'navigation', 'main-thread', 'load'];

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
const list = (v) =>
  v
    ?.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
const only = list(values.only) ?? SECTIONS;
for (const name of only)
  if (!SECTIONS.includes(name))
    throw new Error(`--only: unknown section "${name}"; sections are ${SECTIONS.join(', ')}.`);
const sizes = list(values.sizes)?.map(Number) ?? (quick ? [100] : [1000, 10000]);
const runs = Number(values.runs ?? (quick ? 1 : 3));
const settings = {
  sizes,
  runs,
  // Gatsby's start-up alone takes ~12 s even for 100 pages: quick runs leave it out unless asked.
  tools: list(values.tools) ?? (quick ? ['ssg', 'astro'] : ['ssg', 'gatsby', 'astro']),
  clinicRuns: quick ? 1 : 5,
  lighthouseRuns: quick ? 1 : 3,
  navigationRuns: quick ? 1 : 7,
  mainThreadRuns: quick ? 1 : 3,
};

const log = (line) => process.stdout.write(`${line}\n`);
// A stray rejection inside a tool (a browser closing under a pending wait) must not end the run.
process.on('unhandledRejection', (err) =>
  log(`  (ignored unhandled rejection: ${String(err?.message ?? err).split('\n')[0]})`),
);
mkdirSync(join(benchDir, 'logs'), { recursive: true });
mkdirSync(join(benchDir, 'results'), { recursive: true });

function machine() {
  const sh = (cmd) => {
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

const result = { machine: machine(), settings: { ...settings, quick, only } };
log(
  `bench: ${quick ? 'quick' : 'full'} run on ${result.machine.nproc} cores, ${result.machine.memoryGiB} GiB, Node ${result.machine.node}; load ${result.machine.loadAverageAtStart.join(' ')}; sections ${only.join(', ')}; logs in .bench/logs/`,
);
const started = Date.now();

/** Runs one section; a throw is recorded as the section's error and printed, never fatal. */
async function section(name, fn) {
  if (!only.includes(name)) return;
  log(`\n[${name}]`);
  const t = Date.now();
  try {
    result[name] = await fn();
  } catch (err) {
    result[name] = { error: String(err?.stack ?? err) };
    log(
      `  ${name} failed: ${String(err?.message ?? err)
        .split('\n')
        .slice(0, 10)
        .join('\n  ')}`,
    );
  }
  log(`  (${((Date.now() - t) / 1000).toFixed(0)} s)`);
}

await section('scale', () =>
  runScale({
    benchDir,
    repoRoot,
    sizes: settings.sizes,
    runs: settings.runs,
    only: settings.tools,
    // Quick runs keep the peers to the smallest size so the whole run stays under a minute.
    peerSizes: quick ? [Math.min(...settings.sizes)] : undefined,
    peerWarm: !quick,
    log,
  }),
);

await section('clinic', () =>
  runClinicBuild({ benchDir, repoRoot, runs: settings.clinicRuns, log }),
);

const clinicOut = join(benchDir, 'clinic', 'dist');
const syntheticSize = settings.sizes.includes(1000) ? 1000 : settings.sizes[0];
await section('bytes', () =>
  runBytes({
    repoRoot,
    outDir: clinicOut,
    syntheticOutDir: join(benchDir, 'ssg', 'sites', `n${syntheticSize}`, 'dist'),
  }),
);

/** The home page's first internal link to another page that has page-data (for navigation). */
function navigationTarget(outDir) {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const hrefs = [...html.matchAll(/<a\b[^>]*\shref="(\/[^"#?]*)"/g)].map((m) => m[1]);
  const candidates = hrefs.filter(
    (h) =>
      h !== '/' && existsSync(join(outDir, 'page-data', h.replace(/\/$/, ''), 'page-data.json')),
  );
  if (!candidates.length)
    throw new Error(`the home page of ${outDir} links to no other page with page-data`);
  return candidates.includes('/servicos/') ? '/servicos/' : candidates[0];
}

if (['lighthouse', 'navigation', 'main-thread'].some((name) => only.includes(name))) {
  let server = null;
  const serveClinic = async () => {
    if (!existsSync(join(clinicOut, 'index.html'))) {
      throw new Error(
        `no built clinic site in ${clinicOut}; run the clinic section first (pnpm bench --only=clinic)`,
      );
    }
    server ??= await serveStatic(clinicOut);
    return server;
  };
  await section('lighthouse', async () => {
    const { url } = await serveClinic();
    return lighthouse({ benchDir, url: `${url}/`, runs: settings.lighthouseRuns, log });
  });
  await section('navigation', async () => {
    const { url } = await serveClinic();
    return clientNavigation({
      repoRoot,
      base: url,
      from: '/',
      to: navigationTarget(clinicOut),
      runs: settings.navigationRuns,
      log,
    });
  });
  await section('main-thread', async () => {
    const { url } = await serveClinic();
    return runMainThread({ repoRoot, base: url, runs: settings.mainThreadRuns, log });
  });
  await server?.close();
}

await section('load', () =>
  runLoad({ benchDir, repoRoot, seconds: quick ? 2 : 5, connections: 20, log }),
);

result.totalSeconds = Math.round((Date.now() - started) / 1000);
const stamp = result.machine.date.replace(/[:.]/g, '-');
const json = `${JSON.stringify(result, null, 2)}\n`;
writeFileSync(join(benchDir, 'results', `${quick ? 'quick' : 'full'}-${stamp}.json`), json);
writeFileSync(join(benchDir, 'results', 'latest.json'), json);
const md = markdownReport(result);
writeFileSync(join(benchDir, 'results', 'latest.md'), md);

log(textReport(result));
log(
  `\nbench finished in ${result.totalSeconds} s; results in .bench/results/latest.json and latest.md`,
);

if (values['write-docs']) {
  const doc = join(repoRoot, 'docs', 'performance.md');
  const START = '<!-- bench:figures:start -->';
  const END = '<!-- bench:figures:end -->';
  const m = result.machine;
  const block = [
    START,
    `_Generated by \`pnpm bench${quick ? ' --quick' : ''} --write-docs\` on ${m.date.slice(0, 16).replace('T', ' ')} UTC, commit ${m.commit}${m.dirty ? ' (with uncommitted package changes)' : ''}: ${m.nproc} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}, Chromium ${m.chromium ?? '?'}; load average at start ${m.loadAverageAtStart.join(' / ')}; whole run ${result.totalSeconds} s._`,
    '',
    md.trim(),
    END,
  ].join('\n');
  const text = existsSync(doc) ? readFileSync(doc, 'utf8') : '';
  if (text.includes(START) && text.includes(END)) {
    writeFileSync(
      doc,
      text.slice(0, text.indexOf(START)) + block + text.slice(text.indexOf(END) + END.length),
    );
    log(`figures written into ${doc}`);
  } else {
    log(`docs/performance.md has no ${START} … ${END} block; figures not written.`);
  }
}
