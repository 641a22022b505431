// Real: `ssg build` (the CLI, its own process) rebuilding a copy of the mini site into one folder ten times per host, Debian's nginx with the generated snippet and `ssg serve` serving that folder, autocannon at 100 connections on 127.0.0.1. Faked: nothing.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { REPO, serveBuild } from '../support/site-build.ts';
import { editJson, miniSiteCopy, tempOut } from './helpers.ts';

const BIN = path.join(REPO, 'packages/ssg-cli/bin/ssg.mjs');
const REBUILDS = 10;
/** Present in every build (their bytes differ between the two contents). */
const PATHS = ['/', '/page-data/index/page-data.json'];

/** One `ssg build` of the site into `outDir`, in a process of its own as a deploy runs it. */
function ssgBuild(site: { root: string; contentDir: string }, outDir: string): Promise<string> {
  const args = ['build', '--root', site.root, '--content', site.contentDir, '--out', outDir];
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0 ? resolve(stderr) : reject(new Error(`ssg build exited ${code}:\n${stderr}`)),
    ),
  );
}

interface Figures {
  requests: number;
  non2xx: number;
  /** status → count of the answers that were not 2xx */
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  swaps: number;
}

/**
 * autocannon at 100 connections (50 per path) against `base` while the site is rebuilt
 * `REBUILDS` times with content alternating between two names, so each rebuild replaces every
 * page (a whole swap, not a patch or "up to date").
 */
async function loadDuringDeploys(
  base: string,
  site: { root: string; contentDir: string },
  outDir: string,
): Promise<Figures> {
  const statuses: Record<string, number> = {};
  const runs = PATHS.map((target) => {
    let instance: autocannon.Instance | undefined;
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      instance = autocannon(
        {
          url: new URL(target, base).href,
          connections: 100 / PATHS.length,
          duration: 300, // a bound only: stopped when the rebuilds are done
          setupClient: (client) =>
            client.on('response', (status: number) => {
              if (status < 200 || status > 299) statuses[status] = (statuses[status] ?? 0) + 1;
            }),
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
    return { stop: () => instance?.stop(), done };
  });
  let swaps = 0;
  try {
    for (let i = 0; i < REBUILDS; i++) {
      // the folder served: a new one after a swap (on main, the output folder itself)
      const before = statSync(outDir).ino;
      editJson<{ name: string }>(path.join(site.contentDir, 'site.json'), (json) => ({
        ...json,
        name: i % 2 === 0 ? 'Clínica Beta' : 'Clínica Alfa',
      }));
      await ssgBuild(site, outDir);
      if (statSync(outDir).ino !== before) swaps++;
    }
  } finally {
    for (const run of runs) run.stop();
  }
  const results = await Promise.all(runs.map((run) => run.done));
  const sum = (pick: (r: autocannon.Result) => number) =>
    results.reduce((total, r) => total + pick(r), 0);
  return {
    requests: sum((r) => r.requests.total),
    non2xx: sum((r) => r.non2xx),
    statuses,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    swaps,
  };
}

const stops: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

describe('a deploy under load', () => {
  it.each(['nginx', 'ssg serve'])(
    'on %s: ten rebuilds into the served folder at 100 connections lose no request',
    async (host) => {
      const site = miniSiteCopy();
      const outDir = tempOut();
      await ssgBuild(site, outDir);
      let base: string;
      if (host === 'nginx') {
        const nginx: RunningNginx = await startNginx(outDir);
        stops.push(() => nginx.stop());
        base = nginx.url;
      } else {
        const served = await serveBuild(outDir);
        stops.push(() => served.close());
        base = served.url;
      }
      const figures = await loadDuringDeploys(base, site, outDir);
      console.log(
        `deploy under load, ${host}: ${figures.requests} requests to ${PATHS.join(' and ')} across ${figures.swaps} swaps, non-2xx ${figures.non2xx} ${JSON.stringify(figures.statuses)}, socket errors ${figures.errors}, timeouts ${figures.timeouts}`,
      );
      expect(figures.swaps).toBe(REBUILDS); // every rebuild replaced the output
      expect(figures.requests).toBeGreaterThan(REBUILDS * 100);
      expect(figures.statuses).toEqual({});
      expect(figures.non2xx).toBe(0);
      expect(figures.timeouts).toBe(0);
    },
    300_000,
  );
});
