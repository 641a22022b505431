/**
 * The dependency spec that installs a package the way the running one was installed: a registry
 * range, or the tarball or folder it came from (a registry range would E404 for a packed package).
 */
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

type Manifest = Partial<
  Record<'dependencies' | 'devDependencies' | 'optionalDependencies', Record<string, string>>
>;
interface Lockfile {
  packages?: Record<string, { resolved?: string }>;
}

const readJson = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

/** `file:` and `link:` specs point to a tarball or folder, relative to the project that wrote them. */
const LOCAL = /^(?:file|link):(.+)$/;

/**
 * The spec for `name` (found at `packageDir`, version `version`) in a new site's package.json:
 * - outside any `node_modules` (a workspace, a cloned repository, `npm install ../folder`'s
 *   link): `file:` that folder;
 * - installed by a project (npm, pnpm, npx's cache) whose package.json or package-lock.json
 *   names a tarball or folder for it: `file:` that, made absolute;
 * - otherwise (the registry): `^version`.
 */
export function installSpec(name: string, packageDir: string, version: string): string {
  const real = realpathSync(packageDir);
  const parts = real.split(path.sep);
  const first = parts.indexOf('node_modules');
  if (first === -1) return `file:${real}`;
  // the project that installed it: above its first node_modules (pnpm's store is below that)
  const project = parts.slice(0, first).join(path.sep) || path.sep;
  const manifest = readJson<Manifest>(path.join(project, 'package.json'));
  const declared =
    manifest?.dependencies?.[name] ??
    manifest?.devDependencies?.[name] ??
    manifest?.optionalDependencies?.[name];
  const locked = readJson<Lockfile>(path.join(project, 'package-lock.json'))?.packages?.[
    `node_modules/${name}`
  ]?.resolved;
  const local = LOCAL.exec(declared ?? '') ?? LOCAL.exec(locked ?? '');
  if (local?.[1]) return `file:${path.resolve(project, local[1])}`;
  return `^${version}`;
}
