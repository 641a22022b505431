// A full disk or an unwritable folder, turned into the output's own error and hint.
import { SsgError } from '../errors.ts';

/** How Node and Rust (Vite's bundler) word the errors of a full disk or an unwritable folder. */
const DISK_ERRORS: ReadonlyArray<[RegExp, string]> = [
  [/ENOSPC|No space left on device/, 'ENOSPC: no space left on device'],
  [/EACCES|Permission denied/, 'EACCES: permission denied'],
  [/EROFS|Read-only file system/, 'EROFS: read-only file system'],
];

/**
 * The error of writing into `dir` as the build reports it when the disk is full or the folder
 * unwritable (not the site's code's fault), or undefined for any other error.
 */
export function diskError(error: unknown, dir: string): SsgError | undefined {
  const text = error instanceof Error ? error.message : String(error);
  const found = DISK_ERRORS.find(([pattern]) => pattern.test(text));
  if (!found) return undefined;
  return new SsgError('EMIT_FAILED', `Writing the output failed: ${found[1]}, in ${dir}.`, {
    hint: 'Check that the output folder is writable and the disk has room; the previous output was left untouched.',
    cause: error,
  });
}
