// The folder a client bundle is built into ahead of the build's staging folder (process.ts), and
// the move of its files into the staging folder once the build knows where that is.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { SiteFiles } from './vite-config.ts';

const AHEAD_DIR = 'node_modules/.ssg/client-ahead';

/**
 * A folder of this build's own, named `<pid>-<id>`: two builds of one process (library calls at
 * once) never share one. Folders of processes gone (killed builds) are removed.
 */
export async function aheadDirOf(files: SiteFiles): Promise<string> {
  const parent = path.join(files.packageDir, AHEAD_DIR);
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => !isRunning(Number(name.split('-')[0])))
      .map((name) => rm(path.join(parent, name), { recursive: true, force: true })),
  );
  return path.join(parent, `${process.pid}-${randomUUID().slice(0, 8)}`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Moves `files` (output-relative URLs) from `from` into `to`: renamed, or copied across disks. */
export async function moveFiles(from: string, to: string, files: readonly string[]): Promise<void> {
  for (const url of files) {
    const source = path.join(from, url);
    const target = path.join(to, url);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(source, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      await copyFile(source, target);
    });
  }
}
