/**
 * Browser section: Lighthouse 12 (mobile defaults, median of N runs) on the home page, and the
 * time of a client navigation to a prefetched page, from click to the new content painted, in
 * Debian's Chromium with the CPU unthrottled and 4× throttled. The site is served from the
 * loopback by static-server.mjs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.mjs';
import { median } from './measure.mjs';
import { ensurePeer } from './peers.mjs';

/** @import { HTTPRequest, HTTPResponse } from 'puppeteer-core' */
/** @import { Log } from './types' */
/**
 * What the bench reads of a Lighthouse report (its JSON output).
 * @typedef {{
 *   runtimeError?: { code: string, message: string },
 *   categories: Record<string, { score: number | null }>,
 *   audits: Record<string, {
 *     id: string, score: number | null, scoreDisplayMode: string, numericValue?: number,
 *     details?: { items?: { source?: string, description?: string, url?: string }[] },
 *   }>,
 * }} LighthouseReport
 */

export const CHROME = CHROMIUM_PATH;
// Lighthouse starts Chromium itself, so the headless flag is part of its chrome-flags.
export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @returns {Promise<{ code: number | null, out: string }>}
 */
function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out = (out + d).slice(-20000)));
    child.stderr.on('data', (d) => (out = (out + d).slice(-20000)));
    child.on('error', (err) => resolve({ code: -1, out: String(err) }));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/**
 * Lighthouse `runs` times on `url` (mobile defaults); medians of the 4 scores, LCP, TBT, CLS.
 * @param {{ benchDir: string, url: string, runs: number, log: Log }} options
 */
export async function lighthouse({ benchDir, url, runs, log }) {
  const { dir, version } = ensurePeer(benchDir, 'lighthouse', log);
  const cli = join(dir, 'node_modules', 'lighthouse', 'cli', 'index.js');
  /**
   * @type {{ performance: number, accessibility: number, bestPractices: number, seo: number,
   *   lcpMs: number | undefined, tbtMs: number | undefined, cls: number | undefined,
   *   fcpMs: number | undefined, consoleErrors: string[], failedAudits: string[] }[]}
   */
  const all = [];
  for (let r = 0; r < runs; r++) {
    const tmp = mkdtempSync(join(tmpdir(), 'bench-lh-'));
    const report = join(tmp, 'report.json');
    const flags = [...CHROME_FLAGS, `--user-data-dir=${join(tmp, 'profile')}`].join(' ');
    const res = await run(
      process.execPath,
      [cli, url, '--output=json', `--output-path=${report}`, '--quiet', `--chrome-flags=${flags}`],
      {
        CHROME_PATH: CHROME,
      },
    );
    try {
      if (res.code !== 0)
        throw new Error(
          `lighthouse exit ${res.code}: ${res.out.trim().split('\n').slice(-8).join('\n')}`,
        );
      /** @type {LighthouseReport} */
      const lhr = JSON.parse(readFileSync(report, 'utf8'));
      if (lhr.runtimeError)
        throw new Error(
          `lighthouse runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
        );
      const score = (/** @type {string} */ id) => {
        const value = lhr.categories[id]?.score;
        return value == null ? Number.NaN : Math.round(value * 100);
      };
      const audit = (/** @type {string} */ id) => lhr.audits[id]?.numericValue;
      const one = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcpMs: audit('first-contentful-paint'),
        consoleErrors: (lhr.audits['errors-in-console']?.details?.items ?? []).map(
          (i) =>
            `${i.source ?? ''}: ${String(i.description ?? '').slice(0, 160)}${i.url ? ` (${i.url})` : ''}`,
        ),
        failedAudits: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      };
      all.push(one);
      log(
        `  lighthouse #${r + 1}: perf ${one.performance} a11y ${one.accessibility} bp ${one.bestPractices} seo ${one.seo} LCP ${Math.round(one.lcpMs ?? Number.NaN)} ms TBT ${Math.round(one.tbtMs ?? Number.NaN)} ms CLS ${(one.cls ?? Number.NaN).toFixed(3)}`,
      );
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  const keys = /** @type {const} */ ([
    'performance',
    'accessibility',
    'bestPractices',
    'seo',
    'lcpMs',
    'tbtMs',
    'cls',
    'fcpMs',
  ]);
  return {
    version,
    runs: all,
    median: /** @type {Record<(typeof keys)[number], number>} */ (
      Object.fromEntries(keys.map((k) => [k, median(all.map((x) => x[k]))]))
    ),
    failedAudits: [...new Set(all.flatMap((x) => x.failedAudits))],
    consoleErrors: [...new Set(all.flatMap((x) => x.consoleErrors))],
  };
}

/**
 * Client navigation: open `from`, wait until the link to `to` has been prefetched (its
 * page-data fetched: by the viewport prefetch, else by hovering the link; recorded per run,
 * `none` when neither fetched it) and the page is idle, click it, and measure in the page from the click
 * event's timestamp to the first frame painted after the new content is in the DOM (a rAF,
 * then a task posted from it, which runs after that frame's paint). Repeated `runs` times for
 * each CPU throttling rate; medians.
 * @param {{ repoRoot: string, base: string, from: string, to: string, runs: number,
 *   rates?: number[], log: Log }} options
 */
export async function clientNavigation({ repoRoot, base, from, to, runs, rates = [1, 4], log }) {
  const require = createRequire(join(repoRoot, 'package.json'));
  /** @type {typeof import('puppeteer-core')} */
  const puppeteer = require('puppeteer-core');
  const profile = mkdtempSync(join(tmpdir(), 'bench-nav-'));
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: [
      ...CHROME_FLAGS.filter((f) => !f.startsWith('--headless')),
      `--user-data-dir=${profile}`,
    ],
  });
  /**
   * @typedef {{ ms: number, toDomMs: number, wallMs: number, prefetched: string,
   *   requestsAfterClick: string[] }} NavigationRun
   */
  /**
   * @type {{ from: string, to: string, rates: Record<string, { rate: number, click: string,
   *   median: number, toDomMedian: number, prefetchedBy: string[], requestsAfterClick: string[],
   *   runs: NavigationRun[] }> }}
   */
  const out = { from, to, rates: {} };
  // How the link is clicked: 'script' clicks the moment the pointer arrives (what a test does);
  // 'person' rests the pointer on the link for 200 ms and holds the button 60 ms, as people do
  // (their clicks last 60-120 ms, after a pause on the target), time the framework uses to
  // render the page ahead. Both are timed from the click event to the new content painted.
  const runsOf = rates.flatMap((rate) => ['script', 'person'].map((click) => ({ rate, click })));
  try {
    for (const { rate, click } of runsOf) {
      /** @type {number[]} */
      const times = [];
      /** @type {NavigationRun[]} */
      const details = [];
      for (let r = 0; r < runs; r++) {
        const page = await browser.newPage();
        try {
          await page.setViewport({
            width: 412,
            height: 823,
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: false,
          });
          await page.emulateCPUThrottling(rate);
          const pageData = `/page-data${to === '/' ? '/index' : to.replace(/\/$/, '')}/page-data.json`;
          // Which step fetched the target's page-data: the viewport prefetch (during or after
          // the load), or hovering the link (the loader's intent prefetch); 'none' if neither.
          /** @type {string | null} */
          let fetchedBy = null;
          let phase = 'viewport';
          const onResponse = (/** @type {HTTPResponse} */ res) => {
            if (!fetchedBy && new URL(res.url()).pathname === pageData) fetchedBy = phase;
          };
          page.on('response', onResponse);
          const waitFetched = async (/** @type {number} */ ms) => {
            const end = Date.now() + ms;
            while (!fetchedBy && Date.now() < end) await new Promise((r2) => setTimeout(r2, 100));
          };
          await page.goto(base + from, { waitUntil: 'networkidle0', timeout: 30000 });
          // The first visible link to the target (a menu may hold a hidden one), scrolled into
          // view as a reader would before clicking it.
          const found = await page.evaluate((target) => {
            const link = [...document.querySelectorAll(`a[href="${target}"]`)].find((a) => {
              const r = a.getBoundingClientRect();
              // Not in a closed off-canvas menu: on screen horizontally, not inert or hidden.
              return (
                r.width > 0 &&
                r.height > 0 &&
                r.right > 0 &&
                r.left < innerWidth &&
                getComputedStyle(a).visibility !== 'hidden' &&
                !a.closest('[inert], [aria-hidden="true"], [hidden]')
              );
            });
            if (!link) return false;
            link.setAttribute('data-bench-nav', '');
            link.scrollIntoView({ block: 'center' });
            return true;
          }, to);
          if (!found) throw new Error(`no visible link to ${to} on ${from}`);
          const selector = 'a[data-bench-nav]';
          // The loader prefetches in batches a few seconds apart: give the viewport two batches.
          await waitFetched(6500);
          if (!fetchedBy) {
            phase = 'hover';
            await page.hover(selector);
            await waitFetched(3000);
            await page.mouse.move(0, 0);
          }
          const how = fetchedBy ?? 'none';
          page.off('response', onResponse);
          // Let hydration and the prefetch of the component chunk settle.
          await page.waitForNetworkIdle({ idleTime: 500, timeout: 15000 });
          await new Promise((r2) => setTimeout(r2, 300));
          await page.evaluate((target) => {
            const before = document.querySelector('h1')?.textContent ?? '';
            window.__navTiming = new Promise((resolve) => {
              let clickAt = 0;
              document.addEventListener('click', (e) => (clickAt = e.timeStamp), {
                capture: true,
                once: true,
              });
              const done = () => {
                const inDom = performance.now();
                requestAnimationFrame(() => {
                  const channel = new MessageChannel();
                  channel.port1.onmessage = () =>
                    resolve({ clickAt, inDom, painted: performance.now() });
                  channel.port2.postMessage(0);
                });
              };
              const check = () =>
                location.pathname === target &&
                (document.querySelector('h1')?.textContent ?? '') !== before;
              const mo = new MutationObserver(() => {
                if (check()) {
                  mo.disconnect();
                  done();
                }
              });
              mo.observe(document.documentElement, {
                subtree: true,
                childList: true,
                characterData: true,
              });
            });
          }, to);
          // Requests the click itself causes: what the navigation still had to wait for.
          /** @type {string[]} */
          const afterClick = [];
          const onRequest = (/** @type {HTTPRequest} */ req) =>
            afterClick.push(req.url().replace(base, ''));
          page.on('request', onRequest);
          const started = Date.now();
          if (click === 'person') {
            await page.hover(selector);
            await new Promise((r2) => setTimeout(r2, 200));
            await page.click(selector, { delay: 60 });
          } else await page.click(selector);
          const t = await Promise.race([
            page.evaluate(() => window.__navTiming),
            /** @type {Promise<never>} */ (
              new Promise((_, reject) =>
                setTimeout(() => reject(new Error('navigation did not finish within 10 s')), 10000),
              )
            ),
          ]);
          // A navigation that reloaded the document has lost __navTiming.
          if (!t) throw new Error(`the click to ${to} reloaded the page: no client navigation`);
          details.push({
            ms: t.painted - t.clickAt,
            toDomMs: t.inDom - t.clickAt,
            wallMs: Date.now() - started,
            prefetched: how,
            requestsAfterClick: afterClick.slice(),
          });
          page.off('request', onRequest);
          times.push(t.painted - t.clickAt);
        } finally {
          await page.close();
        }
      }
      const prefetchedBy = [...new Set(details.map((d) => d.prefetched))];
      out.rates[`${rate}× ${click}`] = {
        rate,
        click,
        median: median(times),
        toDomMedian: median(details.map((d) => d.toDomMs)),
        prefetchedBy,
        requestsAfterClick: [...new Set(details.flatMap((d) => d.requestsAfterClick))],
        runs: details,
      };
      log(
        `  navigation ${from} → ${to}, CPU ${rate}×, ${click} click: median ${median(times).toFixed(1)} ms to paint (${median(details.map((d) => d.toDomMs)).toFixed(1)} ms to DOM; page-data prefetched by: ${prefetchedBy.join(', ')})`,
      );
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return out;
}
