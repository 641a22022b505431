// The names a build gives what it keeps beside the output folder (all hidden: a host publishing
// the output's parent never publishes them), and which build the output link points to.
import { lstat, opendir, readlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * What a name beside the output `base` is: a build's staging folder (`.<base>.staging-<pid>`, with
 * `.old-<n>` when an older version retired an output there), a build folder the output links to
 * (`.<base>.build-<id>`), or the link a swap makes before renaming it over the output
 * (`.<base>.link-<pid>`).
 */
export type Beside =
  | { kind: 'staging'; pid: number }
  | { kind: 'build'; id: string }
  | { kind: 'link'; pid: number };

const NAME = /^\.(.+)\.(staging-(\d+)(?:\.old-\w+)?|build-([0-9a-z]+)|link-(\d+))$/;

export function besideKind(base: string, name: string): Beside | undefined {
  const match = NAME.exec(name);
  if (!match || match[1] !== base) return undefined;
  if (match[3] !== undefined) return { kind: 'staging', pid: Number(match[3]) };
  if (match[4] !== undefined) return { kind: 'build', id: match[4] };
  return { kind: 'link', pid: Number(match[5]) };
}

let minted = 0;

/**
 * A new build folder's name. Ids sort as the builds were made (time in base 36, fixed width, then
 * the process and a counter), so after a kill the newest whole build can be told.
 */
export function newBuildName(base: string): string {
  const time = Date.now().toString(36).padStart(9, '0');
  const id = `${time}${process.pid.toString(36).padStart(4, '0')}${(minted++).toString(36)}`;
  return `.${base}.build-${id}`;
}

export const linkNameOf = (base: string): string => `.${base}.link-${process.pid}`;

/** What is at the output path now. */
export type OutputState =
  /** a link to a folder beside it: `target` is its name (one of our build folders, or not) */
  | { kind: 'link'; target: string }
  /** a real folder with files: the output before its first build with links, or on Windows */
  | { kind: 'folder' }
  /** nothing to serve: no entry, a link to nothing, or an empty folder (made again by hand) */
  | { kind: 'none'; emptyFolder: boolean };

export async function outputState(outDir: string): Promise<OutputState> {
  const info = await lstat(outDir).catch(() => undefined);
  if (!info) return { kind: 'none', emptyFolder: false };
  if (info.isSymbolicLink()) {
    const target = path.resolve(path.dirname(outDir), await readlink(outDir));
    const there = await holdsAny(target).catch(() => false);
    return there ? { kind: 'link', target } : { kind: 'none', emptyFolder: false };
  }
  if (!info.isDirectory()) return { kind: 'folder' }; // a file: left for the swap to report
  return (await holdsAny(outDir)) ? { kind: 'folder' } : { kind: 'none', emptyFolder: true };
}

/** Whether a folder has an entry: one read, not a listing (100,000 page folders at its top). */
async function holdsAny(dir: string): Promise<boolean> {
  const handle = await opendir(dir, { bufferSize: 1 });
  try {
    return (await handle.read()) !== null;
  } finally {
    await handle.close();
  }
}
