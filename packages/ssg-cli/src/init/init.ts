/** `ssg init DIR`: writes the starter site (templates/starter) into a new or empty folder. */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SsgError } from '../errors.ts';

export interface InitOptions {
  /** The folder to write the site into; made if missing. */
  dir: string;
  /** Write into a folder that is not empty: the starter's files are overwritten, others kept. */
  force?: boolean;
}

export interface InitResult {
  /** The site folder, absolute. */
  dir: string;
  /** Every file written, relative to `dir`, with `/` separators, sorted. */
  files: string[];
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
  const version = await cliVersion();
  // Everything is read and prepared before the first write, so a failure writes nothing.
  const files = await Promise.all(
    (await listFiles(TEMPLATE_DIR)).map(async (from) => {
      const to = targetName(from);
      const contents = await readFile(path.join(TEMPLATE_DIR, from));
      return {
        to,
        contents: to === 'package.json' ? sitePackageJson(contents, dir, version) : contents,
      };
    }),
  );
  for (const file of files) {
    const target = path.join(dir, file.to);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.contents);
  }
  return { dir, files: files.map((f) => f.to).sort() };
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

/** The starter's package.json with the site's name and this version of @ssg/cli. */
function sitePackageJson(template: Buffer, dir: string, version: string): string {
  const pkg = JSON.parse(template.toString('utf8')) as {
    name: string;
    dependencies: Record<string, string>;
  };
  pkg.name = packageNameOf(path.basename(dir));
  pkg.dependencies['@ssg/cli'] = `^${version}`;
  return `${JSON.stringify(pkg, null, 2)}\n`;
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
