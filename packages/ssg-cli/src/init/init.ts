/** `ssg init DIR`: writes the starter site (templates/starter) into a new or empty folder. */
import { lstat, mkdir, readdir, readFile, readlink, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SsgError } from '../errors.ts';
import { type PackageManager, ssgCommand } from '../shared/package-manager.ts';
import { writeAtomic } from '../write-atomic.ts';
import { installSpec } from './install-source.ts';

export interface InitOptions {
  /** The folder to write the site into; made if missing. */
  dir: string;
  /** Write into a folder that is not empty: the starter's files are overwritten, others kept. */
  force?: boolean;
  /** Whose commands the hints name (the CLI's package manager); npm by default. */
  packageManager?: PackageManager;
}

export interface InitResult {
  /** The site folder, absolute. */
  dir: string;
  /** Every file written, relative to `dir`, with `/` separators, sorted. */
  files: string[];
  /** What was at a path written (`--force`), sorted: files replaced, and links replaced, not followed. */
  overwritten: Overwritten[];
}

/** A file or symbolic link that stood where the starter writes, replaced by it. */
export interface Overwritten {
  /** Relative to `dir`, with `/` separators: a file the starter writes, or a folder it writes into. */
  path: string;
  /** Where the symbolic link pointed; its target was left untouched. */
  linkTo?: string;
}

// Both from src/init/ and from dist/init/, the package folder is two levels up.
const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const TEMPLATE_DIR = path.join(PACKAGE_DIR, 'templates/starter');

/**
 * Template names that cannot be stored as they are: npm leaves `.gitignore` files out of a
 * published package, so the template holds it under another name.
 */
const RENAMED: Record<string, string> = { _gitignore: '.gitignore' };

export async function init(options: InitOptions): Promise<InitResult> {
  const dir = path.resolve(options.dir);
  await checkTarget(dir, options.force ?? false);
  const specs = await dependencySpecs();
  // Everything is read and prepared before the first write, so a failure writes nothing.
  const files = await Promise.all(
    (await listFiles(TEMPLATE_DIR)).map(async (from) => {
      const to = targetName(from);
      const contents = await readFile(path.join(TEMPLATE_DIR, from));
      return {
        to,
        contents: to === 'package.json' ? sitePackageJson(contents, dir, specs) : contents,
      };
    }),
  );
  const overwritten = await clearWay(
    dir,
    files.map((f) => f.to),
    options.packageManager ?? 'npm',
  );
  // renamed over, never written through: a link at a template's name is replaced, not followed
  for (const file of files) await writeAtomic(path.join(dir, file.to), file.contents);
  const byPath = (a: Overwritten, b: Overwritten) => (a.path < b.path ? -1 : 1);
  return { dir, files: files.map((f) => f.to).sort(), overwritten: overwritten.sort(byPath) };
}

/**
 * Makes each file's folders and lists what the files replace. A symbolic link where the starter
 * writes a file or a folder is replaced, never written through: `--force` says the starter's files
 * win over what is there, and a link leading out of the folder must not carry a write to its target.
 * Checked before any write: a file where a folder goes stops init with nothing written.
 */
async function clearWay(
  dir: string,
  files: readonly string[],
  manager: PackageManager,
): Promise<Overwritten[]> {
  const overwritten: Overwritten[] = [];
  const folders = new Set<string>();
  for (const file of files)
    for (let d = path.posix.dirname(file); d !== '.'; d = path.posix.dirname(d)) folders.add(d);
  const found = new Map<string, Awaited<ReturnType<typeof lstat>> | undefined>();
  for (const rel of [...folders, ...files])
    found.set(rel, await lstat(path.join(dir, rel)).catch(() => undefined));
  // below a link that is replaced, what lstat saw is the link's target: that is never touched
  const sorted = [...folders].sort((a, b) => a.length - b.length);
  const links: string[] = [];
  const underLink = (rel: string) => links.some((link) => rel.startsWith(`${link}/`));
  for (const folder of sorted)
    if (!underLink(folder) && found.get(folder)?.isSymbolicLink()) links.push(folder);
  for (const folder of folders) {
    const info = found.get(folder);
    if (info && !underLink(folder) && !info.isDirectory() && !info.isSymbolicLink())
      throw new SsgError(
        'USAGE',
        `${path.join(dir, folder)} is a file where the starter writes a folder; nothing was written.`,
        {
          hint: `Move or rename that file, then run ${ssgCommand(manager, 'init')} again.`,
        },
      );
  }
  await mkdir(dir, { recursive: true });
  for (const folder of sorted) {
    const at = path.join(dir, folder);
    if (links.includes(folder)) {
      overwritten.push({ path: folder, linkTo: await readlink(at) });
      await rm(at); // the link only: rm never follows it
    }
    await mkdir(at, { recursive: true });
  }
  for (const file of files) {
    const info = found.get(file);
    if (!info || underLink(file)) continue;
    const at = path.join(dir, file);
    overwritten.push(
      info.isSymbolicLink() ? { path: file, linkTo: await readlink(at) } : { path: file },
    );
  }
  return overwritten;
}

async function checkTarget(dir: string, force: boolean): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (!info) return;
  if (!info.isDirectory()) {
    throw new SsgError('USAGE', `${dir} is a file, not a folder.`, {
      hint: 'Choose a new folder for the site.',
    });
  }
  const found = (await readdir(dir)).sort();
  if (found.length === 0 || force) return;
  const shown =
    found.length > 5
      ? `${found.slice(0, 5).join(', ')} and ${found.length - 5} more`
      : found.join(', ');
  throw new SsgError(
    'INIT_TARGET_NOT_EMPTY',
    `The folder ${dir} is not empty: it holds ${shown}.`,
    {
      hint: 'Choose an empty or new folder, or pass --force to write into it (files of the starter are overwritten, others are kept).',
    },
  );
}

/** Files below `dir`, relative, with `/` separators. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, rel)));
    else if (entry.isFile()) files.push(rel);
  }
  return files;
}

function targetName(templateFile: string): string {
  const base = path.posix.basename(templateFile);
  const renamed = RENAMED[base];
  return renamed ? path.posix.join(path.posix.dirname(templateFile), renamed) : templateFile;
}

/** The starter's package.json with the site's name and the specs of the framework's packages. */
function sitePackageJson(template: Buffer, dir: string, specs: Record<string, string>): string {
  const pkg = JSON.parse(template.toString('utf8')) as {
    name: string;
    dependencies: Record<string, string>;
  };
  pkg.name = packageNameOf(path.basename(dir));
  pkg.dependencies = Object.fromEntries(
    Object.entries({ ...pkg.dependencies, ...specs }).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/**
 * @ssg/cli as the running one was installed (registry, tarball or folder), and @ssg/loader
 * beside it when that came from a tarball or folder: the registry has no version of it to give.
 */
async function dependencySpecs(): Promise<Record<string, string>> {
  const specs: Record<string, string> = {
    '@ssg/cli': installSpec('@ssg/cli', PACKAGE_DIR, await cliVersion()),
  };
  const loaderDir = await loaderPackageDir();
  if (loaderDir) {
    const spec = installSpec('@ssg/loader', loaderDir, '');
    if (spec.startsWith('file:')) specs['@ssg/loader'] = spec;
  }
  return specs;
}

/** The folder of the @ssg/loader this CLI imports: the nearest above its entry whose package.json names it. */
async function loaderPackageDir(): Promise<string | undefined> {
  let entry: string;
  try {
    entry = createRequire(path.join(PACKAGE_DIR, 'package.json')).resolve('@ssg/loader');
  } catch {
    return undefined;
  }
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const pkg = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (pkg !== undefined && (JSON.parse(pkg) as { name?: unknown }).name === '@ssg/loader')
      return dir;
  }
  return undefined;
}

/** A valid npm package name from a folder name: `My Site!` → `my-site`. */
export function packageNameOf(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[-._~]+|[-._~]+$/g, '');
  return name.slice(0, 214) || 'site';
}

async function cliVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
