// One build at a time writes an output folder: a lock file beside it.
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SsgError } from '../errors.ts';

/** How often a build waiting for the lock looks again. */
const POLL_MS = 100;

const lockFileOf = (outDir: string): string =>
  path.join(path.dirname(outDir), `.${path.basename(outDir)}.lock`);

/** Whether a process runs (one we may not signal runs too). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of an output folder (a file beside it holding the process id), so that two
 * builds into one folder run one after the other; `onWait` is told once which process holds it.
 * A lock whose process is gone (a killed build) is taken over. Resolves to the release.
 */
export async function lockOutput(
  outDir: string,
  onWait: (holder: number) => void,
): Promise<() => Promise<void>> {
  const file = lockFileOf(outDir);
  const mine = `${process.pid}\n`;
  let told = false;
  // the output may go into folders that do not exist yet (dist/vet)
  await mkdir(path.dirname(file), { recursive: true }).catch((error) => {
    throw unwritable(file, error);
  });
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(mine);
      } catch (error) {
        await rm(file, { force: true }); // a full disk: no empty lock left behind
        throw error;
      } finally {
        await handle.close();
      }
      return () => release(file, mine);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unwritable(file, error);
    }
    const held = await readFile(file, 'utf8').catch(() => '');
    const holder = Number(held.trim());
    // An empty file is a lock being written, unless it is older than a build takes to write it.
    const stale =
      held === ''
        ? await stat(file).then(
            (s) => Date.now() - s.mtimeMs > 5000,
            () => false,
          )
        : !Number.isInteger(holder) || !alive(holder);
    if (stale) {
      // renamed away, not deleted: of two builds finding it stale, one takes it over
      await rename(file, `${file}.stale-${process.pid}`).then(
        () => rm(`${file}.stale-${process.pid}`, { force: true }),
        () => {},
      );
      continue;
    }
    if (!told && held !== '') {
      onWait(holder);
      told = true;
    }
    await sleep(POLL_MS);
  }
}

const unwritable = (file: string, error: unknown): SsgError =>
  new SsgError('EMIT_FAILED', `Writing the output failed: ${(error as Error).message}`, {
    hint: `Check that the folder of ${file} is writable and the disk has room; the previous output was left untouched.`,
    cause: error,
  });

async function release(file: string, mine: string): Promise<void> {
  const held = await readFile(file, 'utf8').catch(() => '');
  if (held === mine) await rm(file, { force: true });
}
