/**
 * The tools of the scale benchmark: how each is installed, which Node runs it, where its site
 * lives, what a cold build clears, the command that builds, and where its output lands.
 * Ours runs on the Node that runs the bench (20) and on the Node 22 of `.bench/node22`;
 * Astro 7 and React Router 8 need Node 22; Gatsby 5, Astro 5 and Next 16 run on the bench's Node.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outputAndBuilds } from './output-paths.mjs';
import { ensurePeer, node22 } from './peers.mjs';
import { linkWorkspacePackages } from './ssg-site.mjs';

/** @import { Log, NodeRuntime, Tool } from './types' */

const here = import.meta.dirname;
/** @returns {NodeRuntime} */
const systemNode = () => ({ path: process.execPath, version: process.versions.node });

/**
 * The script a package's `bin` names (Astro 5 has `astro.js`, Astro 7 `bin/astro.mjs`);
 * `command`: the bin's name where it is not the package's (`react-router` of `@react-router/dev`).
 * @param {string} peerDir
 * @param {string} name
 * @param {string} [command]
 */
function binOf(peerDir, name, command = name) {
  const dir = join(peerDir, 'node_modules', name);
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return join(dir, typeof bin === 'string' ? bin : bin[command]);
}

/**
 * Every tool, in the order a run builds them. `site`: the kind of site bench/generate.mjs writes.
 * @param {string} benchDir
 * @param {string} repoRoot
 * @returns {Record<string, Tool>}
 */
export function tools(benchDir, repoRoot) {
  /** @typedef {(log: Log) => NodeRuntime} Runtime */
  /** @type {(runtime: Runtime, sitesFolder: string) => Omit<Tool, 'label'>} */
  const ssg = (runtime, sitesFolder) => ({
    site: 'ssg',
    siteDir: (n) => join(benchDir, 'ssg', sitesFolder, `n${n}`),
    prepare: (log) => {
      linkWorkspacePackages(benchDir, repoRoot);
      return { version: 'workspace', node: runtime(log) };
    },
    outDir: (site) => join(site, 'dist'),
    // The build keeps its caches (server bundle, incremental state) under the site's node_modules.
    cachePaths: (site) => [
      ...outputAndBuilds(join(site, 'dist')),
      join(site, 'node_modules'),
      join(site, '.ssg-cache'),
    ],
    command: (site, resultFile, node) => ({
      cmd: node.path,
      args: [
        join(here, 'ssg-build.mjs'),
        site,
        join(site, 'content'),
        join(site, 'dist'),
        resultFile,
      ],
    }),
  });
  /** @type {(peer: string, runtime: Runtime) => Omit<Tool, 'label'>} */
  const astro = (peer, runtime) => ({
    site: peer,
    siteDir: (n) => join(benchDir, peer, 'sites', `n${n}`),
    prepare: (log) => ({ ...ensurePeer(benchDir, peer, log), node: runtime(log) }),
    outDir: (site) => join(site, 'dist'),
    cachePaths: (site) => [join(site, 'dist'), join(site, '.astro'), join(site, 'node_modules')],
    command: (_site, _result, node) => ({
      cmd: node.path,
      args: [binOf(join(benchDir, peer), 'astro'), 'build', '--silent'],
    }),
    env: { ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
  });
  /** @type {Runtime} */
  const on22 = (log) => node22(benchDir, log);
  return {
    ssg: { label: 'ssg (ours)', ours: true, ...ssg(systemNode, 'sites') },
    'ssg-node22': { label: 'ssg (ours)', ours: true, ...ssg(on22, 'sites-node22') },
    gatsby: {
      label: 'Gatsby',
      site: 'gatsby',
      siteDir: (n) => join(benchDir, 'gatsby', 'sites', `n${n}`),
      prepare: (log) => ({ ...ensurePeer(benchDir, 'gatsby', log), node: systemNode() }),
      outDir: (site) => join(site, 'public'),
      cachePaths: (site) => [join(site, 'public'), join(site, '.cache')],
      command: (_site, _result, node) => ({
        cmd: node.path,
        args: [binOf(join(benchDir, 'gatsby'), 'gatsby'), 'build'],
      }),
      env: { GATSBY_TELEMETRY_DISABLED: '1', CI: '1', NO_COLOR: '1' },
    },
    astro: { label: 'Astro', ...astro('astro', systemNode) },
    astro7: { label: 'Astro', ...astro('astro7', on22) },
    next: {
      label: 'Next (static export)',
      site: 'next',
      siteDir: (n) => join(benchDir, 'next', 'sites', `n${n}`),
      prepare: (log) => ({ ...ensurePeer(benchDir, 'next', log), node: systemNode() }),
      outDir: (site) => join(site, 'out'),
      // .next holds Next's build cache (.next/cache) as well as its server output.
      cachePaths: (site) => [join(site, 'out'), join(site, '.next'), join(site, 'node_modules')],
      command: (_site, _result, node) => ({
        cmd: node.path,
        args: [binOf(join(benchDir, 'next'), 'next'), 'build'],
      }),
      env: { NEXT_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    },
    // Framework mode, every page prerendered (bench/templates/react-router/react-router.config.js).
    'react-router': {
      label: 'React Router (prerender)',
      site: 'react-router',
      siteDir: (n) => join(benchDir, 'react-router', 'sites', `n${n}`),
      prepare: (log) => ({ ...ensurePeer(benchDir, 'react-router', log), node: on22(log) }),
      outDir: (site) => join(site, 'build', 'client'),
      // Vite keeps its dependency cache in node_modules/.vite; typegen writes .react-router/.
      cachePaths: (site) => [
        join(site, 'build'),
        join(site, '.react-router'),
        join(site, 'node_modules'),
      ],
      command: (_site, _result, node) => ({
        cmd: node.path,
        args: [binOf(join(benchDir, 'react-router'), '@react-router/dev', 'react-router'), 'build'],
      }),
      env: { NO_COLOR: '1' },
    },
  };
}

/** The tools a run builds when --tools is not given. */
export const DEFAULT_TOOLS = [
  'ssg',
  'ssg-node22',
  'gatsby',
  'astro',
  'astro7',
  'next',
  'react-router',
];
