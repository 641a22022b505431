/**
 * Third-party tag section: the main thread of the clinic home page while a heavy tag runs, under
 * `<Script strategy="idle">` and under `strategy="proxied"` (Partytown), in Debian's Chromium at
 * 4× CPU slowdown. The tag, served from a second local origin in place of Google's, does 200 ms
 * of synchronous work, reads the page (title, cookie, address, links) 50 times, pushes to
 * `dataLayer` and then tells its origin it is done; a no-op tag that only says done gives the
 * page's own share. Figures from a trace, from the tag's request to done + 1 s (the page's own
 * load and hydration before are left out): the main thread's tasks over 50 ms, their total, and
 * their blocking time (the part over 50 ms, as TBT counts it).
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.mjs';
import { TRACE_CATEGORIES, tasksFromRequest } from './main-thread-trace.mjs';
import { median } from './measure.mjs';
import { serveStatic } from './static-server.mjs';

/** @import { Log, Section } from './types' */

const RATE = 4;
const STRATEGIES = ['idle', 'proxied'];
/** Each strategy with the heavy tag, and with a no-op tag (the page's own share of the figures). */
/** @type {Array<[string, string]>} */
const VARIANTS = STRATEGIES.flatMap((s) => [
  /** @type {[string, string]} */ ([s, 'no-op']),
  /** @type {[string, string]} */ ([s, 'heavy']),
]);
const GOOGLE = 'https://www.googletagmanager.com';
const WORK_MS = 200;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The heavy tag: synchronous work, DOM reads, a dataLayer push, then a beacon to its origin. */
const heavyTag = (/** @type {string} */ done) => `(function () {
  var t0 = performance.now(), n = 0;
  while (performance.now() - t0 < ${WORK_MS}) n += Math.sqrt(n + 1);
  var seen = '';
  for (var i = 0; i < 50; i++)
    seen = document.title + document.cookie + location.href + document.querySelectorAll('a').length;
  var dl = (window.dataLayer = window.dataLayer || []);
  dl.push({ event: 'heavy_tag_ran', work: n > 0, read: seen.length });
  fetch(${JSON.stringify(done)}, { method: 'POST', body: String(seen.length) });
})();
`;

/** The same beacon with no work: the page's own main-thread time, to subtract. */
const noopTag = (/** @type {string} */ done) =>
  `fetch(${JSON.stringify(done)}, { method: 'POST', body: '0' });\n`;

/** A second local origin serving the tag (CORS open, for Partytown's fetch) and counting `done`. */
async function startTagOrigin() {
  let done = 0;
  let heavy = true;
  const cors = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/gtag/js')) {
      res.writeHead(200, { 'content-type': 'text/javascript', ...cors });
      res.end((heavy ? heavyTag : noopTag)(`${origin}/done`));
      return;
    }
    if (req.url === '/done') {
      done++;
      res.writeHead(204, cors).end();
      return;
    }
    res.writeHead(404, cors).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    done: () => done,
    /** Which tag the next request gets. */
    serve: (/** @type {boolean} */ isHeavy) => {
      heavy = isHeavy;
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * The clinic built with the analytics tag under `strategy`, Google's origin pointed at `origin`.
 * @param {string} repoRoot
 * @param {string} dir
 * @param {string} strategy
 * @param {string} origin
 */
function buildWith(repoRoot, dir, strategy, origin) {
  const content = join(dir, 'content');
  cpSync(join(repoRoot, 'content'), content, { recursive: true });
  const siteJson = join(content, 'site.json');
  const site = JSON.parse(readFileSync(siteJson, 'utf8'));
  site.analytics.strategy = strategy;
  writeFileSync(siteJson, JSON.stringify(site));
  const out = join(dir, 'out');
  const cli = join(repoRoot, 'packages', 'ssg-cli', 'bin', 'ssg.mjs');
  execFileSync(process.execPath, [cli, 'build', '--out', out, '--content', content], {
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: 'ignore',
  });
  for (const file of readdirSync(out, { recursive: true, encoding: 'utf8' })) {
    const full = join(out, file);
    if (!/\.(html|js|json)$/.test(file) || !statSync(full).isFile()) continue;
    const text = readFileSync(full, 'utf8');
    if (!text.includes(GOOGLE)) continue;
    writeFileSync(full, text.replaceAll(GOOGLE, origin));
    rmSync(`${full}.gz`, { force: true });
    rmSync(`${full}.br`, { force: true });
  }
  return out;
}

/**
 * @param {{ repoRoot: string, runs: number, log: Log }} options
 */
export async function runThirdPartyTag({ repoRoot, runs, log }) {
  const puppeteer = createRequire(join(repoRoot, 'package.json'))('puppeteer-core');
  const loadAverage = { start: os.loadavg(), end: os.loadavg() };
  const tag = await startTagOrigin();
  const work = mkdtempSync(join(os.tmpdir(), 'ssg-bench-tag-'));
  const profile = mkdtempSync(join(os.tmpdir(), 'ssg-bench-chromium-'));
  /** @type {Record<string, Array<ReturnType<typeof tasksFromRequest>>>} */
  const traces = {};
  /** @type {import('puppeteer-core').Browser | undefined} */
  let browser;
  /** @type {Array<{ close(): Promise<void> }>} */
  const servers = [];
  try {
    /** @type {Record<string, string>} */
    const urls = {};
    for (const strategy of STRATEGIES) {
      const served = await serveStatic(
        buildWith(repoRoot, join(work, strategy), strategy, tag.origin),
      );
      servers.push(served);
      urls[strategy] = served.url;
    }
    /** @type {import('puppeteer-core').Browser} */
    const launched = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', ...CHROMIUM_FLAGS, `--user-data-dir=${profile}`],
    });
    browser = launched;
    for (let r = 0; r < runs; r++) {
      for (const [strategy, tagKind] of VARIANTS) {
        tag.serve(tagKind === 'heavy');
        const key = `${strategy}, ${tagKind} tag`;
        const context = await launched.createBrowserContext();
        const page = await context.newPage();
        await page.setViewport({
          width: 412,
          height: 823,
          deviceScaleFactor: 1.75,
          isMobile: true,
        });
        await page.emulateCPUThrottling(RATE);
        const before = tag.done();
        const url = urls[strategy] ?? '';
        await page.tracing.start({ categories: TRACE_CATEGORIES });
        await page.goto(url, { waitUntil: 'load', timeout: 60000 });
        const deadline = Date.now() + 30000;
        while (tag.done() === before && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        if (tag.done() === before) throw new Error(`the tag never ran under ${strategy}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const trace = await page.tracing.stop();
        await context.close();
        if (!trace) throw new Error(`no trace under ${strategy}`);
        const kept = traces[key] ?? [];
        kept.push(tasksFromRequest(trace, url, '/gtag/js'));
        traces[key] = kept;
      }
      log(`  run ${r + 1}/${runs} done; load average ${load()}`);
    }
  } finally {
    await browser?.close();
    await Promise.all(servers.map((s) => s.close()));
    await tag.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
  loadAverage.end = os.loadavg();
  /** @type {Record<string, { over50: number, longMs: number, blockingMs: number, longestMs: number }>} */
  const strategies = {};
  for (const [strategy, all] of Object.entries(traces)) {
    const f = {
      over50: median(all.map((t) => t.over50)),
      longMs: median(all.map((t) => t.totalMs)),
      blockingMs: median(all.map((t) => t.blockingMs)),
      longestMs: median(all.map((t) => t.longestMs)),
    };
    strategies[strategy] = f;
    log(
      `  ${strategy}: ${f.over50} tasks over 50 ms, ${f.longMs.toFixed(1)} ms in them, blocking ${f.blockingMs.toFixed(1)} ms, longest ${f.longestMs.toFixed(1)} ms`,
    );
  }
  log(`  load average at end ${load()}`);
  return { rate: RATE, workMs: WORK_MS, loadAverage, strategies };
}

const msText = (/** @type {number} */ n) =>
  typeof n === 'number' && Number.isFinite(n) ? `${n.toFixed(1)} ms` : '—';

/** The section for bench.mjs's registry: builds the clinic twice, 3 runs (1 with --quick). */
export default /** @satisfies {Section<Awaited<ReturnType<typeof runThirdPartyTag>>>} */ ({
  name: 'third-party-tag',
  run: (ctx) => runThirdPartyTag({ repoRoot: ctx.repoRoot, runs: ctx.quick ? 1 : 3, log: ctx.log }),
  report: (res) => [
    [
      `A heavy tag (${res.workMs} ms of work + 50 DOM reads) on the clinic home page at ${res.rate}× CPU slowdown, main thread from the tag's request to done + 1 s (medians; load average ${res.loadAverage.start.map((l) => l.toFixed(2)).join(' / ')} at start)`,
      {
        headers: [
          '<Script strategy>',
          'tasks > 50 ms',
          'time in them',
          'blocking (TBT)',
          'longest task',
        ],
        rows: Object.entries(res.strategies).map(([strategy, f]) => [
          strategy,
          String(f.over50),
          msText(f.longMs),
          msText(f.blockingMs),
          msText(f.longestMs),
        ]),
      },
    ],
  ],
});
