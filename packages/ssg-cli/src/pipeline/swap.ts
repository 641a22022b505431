// The staging folder put in place of the output in two renames, and what builds cut short left.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { faultPoint } from './fault.mjs';

/** `.<out>.staging-<pid>` beside the output; `.old-<n>` once it holds a retired output. */
const STAGING = /^\.(.+)\.staging-(\d+)(\.old-\w+)?$/;
let retirements = 0;

/**
 * Puts the staging folder in place of the output in two renames, so the output is always either
 * the whole previous build or the whole new one, never half of each or empty. The previous build
 * is deleted afterwards by a detached process: the build does not wait for 20,000 deletions.
 */
export async function swapIntoPlace(stagingDir: string, outDir: string): Promise<void> {
  // A name of its own: the previous build of this process may still be being deleted.
  const retired = `${stagingDir}.old-${Date.now().toString(36)}${retirements++}`;
  const hadOutput = existsSync(outDir);
  faultPoint('before-swap');
  if (hadOutput) await rename(outDir, retired);
  try {
    faultPoint('mid-swap');
    await rename(stagingDir, outDir);
  } catch (error) {
    if (hadOutput) await rename(retired, outDir); // put the previous build back
    throw error;
  }
  faultPoint('after-swap');
  if (hadOutput) removeInBackground([retired]);
}

/** After a failed build: only the staging folder goes; the output is untouched. */
export const discardStaging = (stagingDir: string): Promise<void> =>
  rm(stagingDir, { recursive: true, force: true });

/**
 * Staging and retired folders beside the output that no running build owns (their process is
 * gone: a build killed midway, or a background deletion cut short) are deleted in the background,
 * unless a deletion of them still runs (their mark names its process).
 */
export async function removeLeftovers(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const names = await readdir(parent).catch(() => [] as string[]);
  let stale = names.filter((name) => {
    const match = STAGING.exec(name);
    return match?.[1] === base && !alive(Number(match[2])) && !beingDeleted(parent, name);
  });
  // the mark of a folder gone, its deletion cut short before it came to the mark
  const marks = names.filter((name) => name.endsWith(DELETING) && name.startsWith(`.${base}.`));
  for (const mark of marks)
    if (!names.includes(mark.slice(0, -DELETING.length)))
      await rm(path.join(parent, mark), { force: true });
  const restored = existsSync(outDir) ? undefined : await restoreOutput(parent, outDir, stale);
  if (restored) stale = stale.filter((name) => name !== restored);
  if (stale.length > 0) removeInBackground(stale.map((name) => path.join(parent, name)));
}

/**
 * A build killed between the two renames of the swap left no output, its previous output
 * retired and its staging folder complete (it is retired only then): the staging becomes the output.
 */
async function restoreOutput(
  parent: string,
  outDir: string,
  stale: string[],
): Promise<string | undefined> {
  const complete = stale
    .filter((name) => name.includes('.old-'))
    .map((name) => name.replace(/\.old-\w+$/, ''))
    .find((name) => stale.includes(name));
  if (complete === undefined) return undefined;
  return rename(path.join(parent, complete), outDir).then(
    () => complete,
    () => undefined,
  );
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Beside a folder being deleted in the background: `<folder>.deleting`, holding the deleting
 * process's id, deleted last by it. Without it, each build started while a deletion of 200,000
 * files ran began another one of the same folder: four at once were seen, slowing the builds.
 */
const DELETING = '.deleting';

function beingDeleted(parent: string, name: string): boolean {
  try {
    const pid = Number(readFileSync(path.join(parent, name + DELETING), 'utf8'));
    return pid > 0 && alive(pid);
  } catch {
    return false; // no mark: nobody deletes it
  }
}

/**
 * Deletes folders in a detached process that outlives this one: `rm -rf` where there is one (a
 * few MB; a Node process is ~50 MB beside the build's tail), else Node's own rmSync. Each folder's
 * mark is made before it starts, and given its process id once started (if it is still there).
 */
export function removeInBackground(dirs: string[]): void {
  const marks = dirs.map((dir) => dir + DELETING);
  for (const mark of marks) writeFileSync(mark, '');
  const [command, args] =
    process.platform === 'win32'
      ? [
          process.execPath,
          [
            '-e',
            'for (const d of process.argv.slice(1)) require("node:fs").rmSync(d, { recursive: true, force: true });',
          ],
        ]
      : ['rm', ['-rf', '--']];
  const child = spawn(command, [...args, ...dirs, ...marks], { detached: true, stdio: 'ignore' });
  child.on('error', () => {}); // the next build's removeLeftovers tries again
  child.unref();
  for (const mark of marks) {
    try {
      // r+: a mark the deletion already reached stays gone
      writeFileSync(mark, String(child.pid ?? ''), { flag: 'r+' });
    } catch {}
  }
}
