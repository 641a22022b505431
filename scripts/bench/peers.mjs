/**
 * Peers for the side-by-side benchmark (Gatsby 5, Astro 5), installed on demand with npm in
 * folders of their own under `.bench/`, never in the pnpm workspace. An install is skipped
 * when the folder already holds the wanted package at the wanted major version.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What each peer installs. Gatsby pulls React 18; its sharp must be pinned (toolchain.md). */
export const PEERS = {
  gatsby: {
    main: 'gatsby',
    major: 5,
    packageJson: {
      name: 'bench-gatsby',
      private: true,
      dependencies: { gatsby: '^5.14.0', react: '^18.3.1', 'react-dom': '^18.3.1' },
      // Older sharp versions download libvips from outside the registry and fail here.
      overrides: { sharp: '0.34.5' },
    },
  },
  astro: {
    main: 'astro',
    major: 5,
    packageJson: {
      name: 'bench-astro',
      private: true,
      type: 'module',
      // Astro 6 and later refuse Node 20.
      dependencies: { astro: '^5.0.0' },
    },
  },
  lighthouse: {
    main: 'lighthouse',
    major: 12,
    packageJson: {
      name: 'bench-lighthouse',
      private: true,
      type: 'module',
      dependencies: { lighthouse: '~12.8.0' },
    },
  },
};

/** Version of `name` installed under `dir`, or null. */
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
 * Makes sure peer `name` is installed in `benchDir/name`; returns `{ dir, version, installed }`
 * (`installed`: whether this call ran npm). Throws with npm's output tail when npm fails.
 */
export function ensurePeer(benchDir, name, log = console.log) {
  const peer = PEERS[name];
  if (!peer)
    throw new Error(`Unknown peer "${name}"; known peers: ${Object.keys(PEERS).join(', ')}.`);
  const dir = join(benchDir, name);
  const have = installedVersion(dir, peer.main);
  if (have && Number(have.split('.')[0]) === peer.major)
    return { dir, version: have, installed: false };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(peer.packageJson, null, 2)}\n`);
  log(`  installing ${name} with npm in ${dir} (once; later runs reuse it)…`);
  const started = Date.now();
  const res = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1', GATSBY_TELEMETRY_DISABLED: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.status !== 0) {
    const tail = `${res.stdout ?? ''}\n${res.stderr ?? ''}`
      .trim()
      .split('\n')
      .slice(-25)
      .join('\n');
    throw new Error(`npm install of ${name} in ${dir} failed (exit ${res.status}):\n${tail}`);
  }
  const version = installedVersion(dir, peer.main);
  if (!version)
    throw new Error(
      `npm install of ${name} finished but ${peer.main} is not in ${dir}/node_modules.`,
    );
  log(`  installed ${name} ${version} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { dir, version, installed: true };
}

// `node scripts/bench/peers.mjs gatsby astro` installs ahead of a run.
if (import.meta.url === `file://${process.argv[1]}`) {
  const benchDir = join(import.meta.dirname, '..', '..', '.bench');
  for (const name of process.argv.slice(2)) {
    try {
      const r = ensurePeer(benchDir, name);
      console.log(`${name} ${r.version} in ${r.dir}${r.installed ? '' : ' (already installed)'}`);
    } catch (err) {
      console.error(String(err.message ?? err));
      process.exitCode = 1;
    }
  }
}
