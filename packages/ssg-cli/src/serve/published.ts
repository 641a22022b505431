// What `ssg serve` and `ssg dev` may publish: files whose real path stays inside the root, no dotfiles.
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';
import path from 'node:path';

/** Errors that mean "no such file to publish"; others (EMFILE, EIO) are the server's trouble and are thrown. */
const NOT_THERE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES', 'ENAMETOOLONG']);
const notThere = (error: unknown): null => {
  if (NOT_THERE.has((error as NodeJS.ErrnoException).code ?? '')) return null;
  throw error;
};

/**
 * Whether a decoded URL path names a dotfile or passes through a dot-folder (`/.env`,
 * `/.git/config`, `/images/.env`). `/.well-known/…` is published on purpose (security.txt,
 * app links), but a dot name below it is not.
 */
export const isDotPath = (urlPath: string): boolean =>
  urlPath
    .split('/')
    .some((segment, i) => segment.startsWith('.') && !(i === 1 && segment === '.well-known'));

/**
 * The real path of `root` at this moment, or `null` when it is gone. Asked on every request:
 * a deploy may point a symlinked root (`dist/vet` → `.vet.<id>`) at a new folder.
 */
export function realRootOf(root: string): string | null {
  try {
    return realpathSync(root);
  } catch (error) {
    return notThere(error);
  }
}

/** `file`'s real path when it lies inside `realRoot` (links within the root are followed), else `null`. */
export function realPathInside(realRoot: string, file: string): string | null {
  let real: string;
  try {
    real = realpathSync(file);
  } catch (error) {
    return notThere(error);
  }
  return real === realRoot || real.startsWith(realRoot + path.sep) ? real : null;
}

/** The stats of `file` when it is a regular file whose real path lies inside `realRoot`, else `null`. */
export function fileInside(realRoot: string, file: string): Stats | null {
  const real = realPathInside(realRoot, file);
  if (real === null) return null;
  try {
    const stats = statSync(real);
    return stats.isFile() ? stats : null;
  } catch (error) {
    return notThere(error);
  }
}

/** A file held open: its bytes stay readable even if a rebuild deletes or replaces the name. */
export interface OpenFile {
  fd: number;
  stats: Stats;
}

/**
 * Opens `file` when it is a regular file inside `realRoot`, else `null`. The real path is
 * opened with O_NOFOLLOW, so a link put in its place after the check is not followed.
 */
export function openInside(realRoot: string, file: string): OpenFile | null {
  const real = realPathInside(realRoot, file);
  if (real === null) return null;
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    return notThere(error);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isFile()) return { fd, stats };
  } catch {
    // fall through: a descriptor we cannot stat is not served
  }
  closeSync(fd);
  return null;
}

/** Gives the descriptor back (a 304, a HEAD, a 416: nothing was streamed from it). */
export const closeFile = (file: OpenFile): void => closeSync(file.fd);
