// One way to put a file in place: written under a scratch name beside it, then renamed over it.
import { randomBytes } from 'node:crypto';
import { chmod, rename, rm, writeFile } from 'node:fs/promises';

export interface WriteAtomicOptions {
  /** The file's permissions, exactly (the umask is not applied): `0o444` for a file the output links to. */
  mode?: number;
}

/**
 * Writes `data` to `file` so that no reader, and no build killed mid-write, ever sees half of it:
 * rename(2) replaces the name in one step, and replaces a link there instead of following it. The
 * scratch name is new to each call (`wx`: never a file or link already there), so two writers of
 * one file in one process do not meet; a failed write leaves no scratch file. The folder must exist.
 */
export async function writeAtomic(
  file: string,
  data: string | Uint8Array,
  options: WriteAtomicOptions = {},
): Promise<void> {
  const scratch = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(scratch, data, { flag: 'wx', mode: options.mode });
    // the umask may have taken bits off the mode the file was created with
    if (options.mode !== undefined) await chmod(scratch, options.mode);
    await rename(scratch, file);
  } catch (error) {
    await rm(scratch, { force: true });
    throw error;
  }
}
