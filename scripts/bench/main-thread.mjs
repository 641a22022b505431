/**
 * Main-thread section: in Debian's Chromium at 4× CPU slowdown, the longest main-thread task
 * while `/` and `/galeria/` load and hydrate (from a trace), and click → next paint for the first
 * and the second client navigation to a prefetched page (`/` → `/servicos/` → `/`).
 * Clicks are timed in the page from the click event's timestamp to the first frame painted after
 * the new page's DOM is in (a rAF, then a task posted from it: it runs after that frame's paint).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.mjs';
import { longTasks, spanBetween, TRACE_CATEGORIES } from './main-thread-trace.mjs';
import { median } from './measure.mjs';

/** @import { Browser, HTTPRequest, HTTPResponse, Page } from 'puppeteer-core' */
/** @import { Log, Section } from './types' */
/** @typedef {ReturnType<typeof longTasks>} LoadTrace */
/** @typedef {Awaited<ReturnType<typeof timedClick>>} ClickRun */
/**
 * @typedef {{ longestMs: number, longestCpuMs: number, longestScriptCpuMs: number,
 *   worstScriptCpuMs: number | undefined, hydratedAtMs: number, over50: number, blockingMs: number,
 *   worstScriptInside: string[], runs: LoadTrace[] }} LoadFigures
 */
/**
 * @typedef {{ to: string, style: string, median: number, max: number, toDomMedian: number,
 *   cpuMedian: number, largestCpuMedian: number, worstInside: string[],
 *   requestsAfterClick: string[], runs: ClickRun[] }} ClickFigures
 */

const RATE = 4;
const LOADS = ['/', '/galeria/'];
// The second click goes back home by the logo: the only visible link on /servicos/ at 412 px.
const CLICKS = ['/servicos/', '/'];
const HYDRATED_MARK = 'bench:hydrated';
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** Before any script: a user-timing mark when hydration commits (the runtime's own event). */
function markHydration() {
  window.addEventListener('ssg:hydrated', () => performance.mark('bench:hydrated'), {
    once: true,
  });
}

/** @param {Browser} browser */
async function openPage(browser) {
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
  await page.emulateCPUThrottling(RATE);
  await page.evaluateOnNewDocument(markHydration);
  return page;
}

/**
 * Loads `url` under a trace until hydrated and the network is idle; its longest tasks.
 * @param {Page} page
 * @param {string} url
 */
async function tracedLoad(page, url) {
  await page.tracing.start({ categories: TRACE_CATEGORIES });
  await page.goto(url, { waitUntil: 'load', timeout: 60000 });
  await page.waitForSelector('#___ssg[data-hydrated="true"]', { timeout: 60000 });
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 30000 }).catch(() => {});
  const trace = await page.tracing.stop();
  if (!trace) throw new Error(`no trace recorded for ${url}`);
  return longTasks(trace, url, HYDRATED_MARK);
}

/**
 * Marks the first visible link to `to` and scrolls it into view (which prefetches its page).
 * @param {Page} page
 * @param {string} to
 */
async function findLink(page, to) {
  const found = await page.evaluate((target) => {
    const link = [...document.querySelectorAll(`a[href="${target}"]`)].find((a) => {
      const r = a.getBoundingClientRect();
      return (
        r.width > 0 &&
        r.right > 0 &&
        r.left < innerWidth &&
        getComputedStyle(a).visibility !== 'hidden' &&
        !a.closest('[inert], [aria-hidden="true"], [hidden]')
      );
    });
    for (const old of document.querySelectorAll('[data-bench-nav]'))
      old.removeAttribute('data-bench-nav');
    if (!link) return false;
    link.setAttribute('data-bench-nav', '');
    link.scrollIntoView({ block: 'center' });
    return true;
  }, to);
  if (!found) throw new Error(`no visible link to ${to} on ${page.url()}`);
  return 'a[data-bench-nav]';
}

/**
 * Resolves (in the page) with the click's timestamp, DOM-in and painted times for `target`.
 * @param {string} target
 */
function armTiming(target) {
  const before = document.querySelector('h1')?.textContent ?? '';
  window.__benchClick = new Promise((resolve) => {
    let clickAt = 0;
    document.addEventListener(
      'click',
      (e) => {
        clickAt = e.timeStamp;
        performance.mark('bench:click', { startTime: e.timeStamp });
      },
      { capture: true, once: true },
    );
    const mo = new MutationObserver(() => {
      if (location.pathname !== target) return;
      if ((document.querySelector('h1')?.textContent ?? '') === before) return;
      mo.disconnect();
      const inDom = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          performance.mark('bench:painted');
          resolve({ clickAt, inDom, painted: performance.now() });
        };
        channel.port2.postMessage(0);
      });
    });
    mo.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * One prefetched click to `to`: 'script' clicks at once, 'person' rests 200 ms and holds 60 ms.
 * @param {Page} page
 * @param {string} base
 * @param {string} to
 * @param {string} style
 */
async function timedClick(page, base, to, style) {
  const selector = await findLink(page, to);
  const pageData = `/page-data${to.replace(/\/$/, '')}/page-data.json`;
  const fetched = await page
    .waitForResponse(
      (/** @type {HTTPResponse} */ res) => new URL(res.url()).pathname === pageData,
      { timeout: 7000 },
    )
    .then(() => 'viewport')
    .catch(() => null);
  // Prefetched earlier (or cached from the first page): the viewport prefetch already ran.
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 15000 }).catch(() => {});
  await sleep(300);
  await page.evaluate(armTiming, to);
  /** @type {string[]} */
  const after = [];
  const onRequest = (/** @type {HTTPRequest} */ req) => after.push(req.url().replace(base, ''));
  page.on('request', onRequest);
  await page.tracing.start({ categories: TRACE_CATEGORIES });
  if (style === 'person') {
    await page.hover(selector);
    await sleep(200);
    await page.click(selector, { delay: 60 });
  } else await page.click(selector);
  const t = await Promise.race([
    page.evaluate(() => window.__benchClick),
    sleep(15000).then(() => {
      throw new Error(`the click to ${to} did not paint within 15 s`);
    }),
  ]);
  // A navigation that reloaded the document has lost __benchClick.
  if (!t) throw new Error(`the click to ${to} reloaded the page: no client navigation`);
  page.off('request', onRequest);
  const trace = await page.tracing.stop();
  const span = trace ? spanBetween(trace, 'bench:click', 'bench:painted') : undefined;
  return {
    ms: t.painted - t.clickAt,
    cpuMs: span?.cpuMs ?? Number.NaN,
    largestCpuMs: span?.largestCpuMs ?? Number.NaN,
    largestInside: span?.largestInside ?? [],
    toDomMs: t.inDom - t.clickAt,
    prefetched: fetched ?? 'earlier',
    requestsAfterClick: after,
  };
}

/**
 * @param {{ repoRoot: string, base: string, runs: number, log: Log }} options
 */
export async function runMainThread({ repoRoot, base, runs, log }) {
  const require = createRequire(join(repoRoot, 'package.json'));
  /** @type {typeof import('puppeteer-core')} */
  const puppeteer = require('puppeteer-core');
  const profile = mkdtempSync(join(os.tmpdir(), 'bench-main-thread-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`],
  });
  /** @type {{ start: number[], end?: number[] }} */
  const loadAverage = { start: os.loadavg() };
  log(`  CPU ${RATE}× slowdown; load average ${load()}`);
  /** @type {Record<string, LoadTrace[]>} */
  const loads = Object.fromEntries(LOADS.map((p) => [p, []]));
  /** @type {Record<string, { to: string, style: string, runs: ClickRun[] }>} */
  const clicks = {};
  try {
    for (let r = 0; r < runs; r++) {
      for (const path of LOADS) {
        if (path === '/') continue; // `/` is loaded (and traced) below, before its clicks
        const page = await openPage(browser);
        try {
          const trace = await tracedLoad(page, base + path);
          loads[path]?.push(trace); // every path of LOADS has its list
        } finally {
          await page.close();
        }
      }
      for (const style of ['script', 'person']) {
        const page = await openPage(browser);
        try {
          const trace = await tracedLoad(page, `${base}/`);
          loads['/']?.push(trace);
          for (const [i, to] of CLICKS.entries()) {
            const key = `${i === 0 ? 'first' : 'second'} click (${style})`;
            let click = clicks[key];
            if (!click) {
              click = { to, style, runs: [] };
              clicks[key] = click;
            }
            click.runs.push(await timedClick(page, base, to, style));
          }
        } finally {
          await page.close();
        }
      }
      log(`  run ${r + 1}/${runs} done; load average ${load()}`);
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  loadAverage.end = os.loadavg();
  /**
   * @type {{ rate: number, loadAverage: typeof loadAverage, loads: Record<string, LoadFigures>,
   *   clicks: Record<string, ClickFigures> }}
   */
  const out = { rate: RATE, loadAverage, loads: {}, clicks: {} };
  const fix = (/** @type {number | undefined} */ n) =>
    typeof n === 'number' && Number.isFinite(n) ? n.toFixed(1) : '—';
  for (const [path, all] of Object.entries(loads)) {
    const worst = [...all].sort((a, b) => b.longestScriptCpuMs - a.longestScriptCpuMs)[0];
    const f = {
      longestMs: median(all.map((x) => x.longestMs)),
      longestCpuMs: median(all.map((x) => x.longestCpuMs)),
      longestScriptCpuMs: median(all.map((x) => x.longestScriptCpuMs)),
      worstScriptCpuMs: worst?.longestScriptCpuMs,
      hydratedAtMs: median(all.map((x) => x.markAtMs)),
      over50: median(all.map((x) => x.over50)),
      blockingMs: median(all.map((x) => x.blockingMs)),
      worstScriptInside: worst?.longestScriptInside ?? [],
      runs: all,
    };
    out.loads[path] = f;
    log(
      `  load ${path}: longest task ${fix(f.longestMs)} ms wall / ${fix(f.longestCpuMs)} ms CPU; longest script task ${fix(f.longestScriptCpuMs)} ms CPU (worst ${fix(f.worstScriptCpuMs)}: ${f.worstScriptInside.join(' · ')}); wall: ${f.over50} tasks over 50 ms, blocking ${fix(f.blockingMs)} ms, hydrated at ${fix(f.hydratedAtMs)} ms`,
    );
  }
  for (const [key, c] of Object.entries(clicks)) {
    const worst = [...c.runs].sort((a, b) => b.largestCpuMs - a.largestCpuMs)[0];
    const f = {
      to: c.to,
      style: c.style,
      median: median(c.runs.map((x) => x.ms)),
      max: Math.max(...c.runs.map((x) => x.ms)),
      toDomMedian: median(c.runs.map((x) => x.toDomMs)),
      cpuMedian: median(c.runs.map((x) => x.cpuMs)),
      largestCpuMedian: median(c.runs.map((x) => x.largestCpuMs)),
      worstInside: worst?.largestInside ?? [],
      requestsAfterClick: [...new Set(c.runs.flatMap((x) => x.requestsAfterClick))],
      runs: c.runs,
    };
    out.clicks[key] = f;
    log(
      `  ${key} → ${c.to}: ${fix(f.median)} ms to paint (median, wall; max ${fix(f.max)}), ${fix(f.toDomMedian)} ms to DOM; main-thread CPU click → paint ${fix(f.cpuMedian)} ms, largest task ${fix(f.largestCpuMedian)} ms (${f.worstInside.join(' · ')}); requests after the click: ${f.requestsAfterClick.length}`,
    );
  }
  log(`  load average at end ${load()}`);
  return out;
}

const msText = (/** @type {number} */ n) =>
  typeof n === 'number' && Number.isFinite(n) ? `${n.toFixed(1)} ms` : '—';

/** The section for bench.mjs's registry: serves the clinic build, 3 runs (1 with --quick). */
export default /** @satisfies {Section<Awaited<ReturnType<typeof runMainThread>>>} */ ({
  name: 'main-thread',
  run: async (ctx) => {
    const { url } = await ctx.serveClinic();
    return runMainThread({
      repoRoot: ctx.repoRoot,
      base: url,
      runs: ctx.quick ? 1 : 3,
      log: ctx.log,
    });
  },
  report: (res) => [
    [
      `Main thread at ${res.rate}× CPU slowdown (medians; load average ${res.loadAverage.start.map((l) => l.toFixed(2)).join(' / ')} at start; budget: no task over 50 ms, click → paint ≤ 16.7 ms)`,
      {
        headers: ['what', 'longest task (wall)', 'longest script task (CPU)', 'tasks > 50 ms'],
        rows: Object.entries(res.loads).map(([path, f]) => [
          `load ${path}`,
          msText(f.longestMs),
          msText(f.longestScriptCpuMs),
          String(f.over50),
        ]),
      },
    ],
    [
      'Prefetched clicks, click → next paint',
      {
        headers: ['click', 'to', 'paint (wall)', 'main-thread CPU', 'largest task (CPU)'],
        rows: Object.entries(res.clicks).map(([key, f]) => [
          key,
          f.to,
          msText(f.median),
          msText(f.cpuMedian),
          msText(f.largestCpuMedian),
        ]),
      },
    ],
  ],
});
