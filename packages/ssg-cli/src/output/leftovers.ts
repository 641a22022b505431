// What builds cut short left beside the output (staging folders, links), build folders the output
// no longer links to, and their deletion: in the background for the CLI, awaited for a library call.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { besideKind, outputState } from './beside-output.ts';
import { putBack } from './swap.ts';

/**
 * Run by each build once it holds the output's lock, before anything reads the output. When the
 * output path holds nothing to serve (a build killed in a swap's one gap, or a folder removed or
 * emptied by hand) the newest whole build folder beside it is put back first: no sequence of kills
 * and failed builds leaves the site without its last good build. Then everything else beside the
 * output is deleted in the background: staging folders and links whose process is gone, and build
 * folders the output does not link to (the previous build, kept until now for readers that
 * resolved the path just before the last swap), by `removal`. Resolves to the name of the build put back.
 */
export async function removeLeftovers(
  outDir: string,
  removal: Removal,
): Promise<string | undefined> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const names = await readdir(parent).catch(() => [] as string[]);
  // the mark of a folder gone, its deletion cut short before it came to the mark
  const marks = names.filter((name) => name.endsWith(DELETING) && name.startsWith(`.${base}.`));
  for (const mark of marks)
    if (!names.includes(mark.slice(0, -DELETING.length)))
      await rm(path.join(parent, mark), { force: true });
  const now = await outputState(outDir);
  // a folder with a mark was being deleted (maybe cut short): never whole enough to put back
  const whole = names
    .filter((name) => besideKind(base, name)?.kind === 'build' && !names.includes(name + DELETING))
    .sort();
  const restored = now.kind === 'none' ? whole.at(-1) : undefined;
  if (restored !== undefined) await putBack(restored, outDir, now);
  const current = now.kind === 'link' ? now.target : restored && path.join(parent, restored);
  const stale = names.filter((name) => {
    const kind = besideKind(base, name);
    if (!kind || beingDeleted(parent, name)) return false;
    if (kind.kind === 'build') return path.join(parent, name) !== current;
    return !alive(kind.pid);
  });
  if (stale.length > 0) removal.remove(stale.map((name) => path.join(parent, name)));
  return restored;
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

/** Deletes folders a build no longer needs; each folder's mark is made before its deletion starts. */
export interface Removal {
  remove(dirs: string[]): void;
  /** Settles once every deletion this process runs is done (a background one is not waited for). */
  settled(): Promise<void>;
}

/**
 * `background`: each deletion in a detached process that outlives this one (the CLI, whose
 * process then exits sooner). Else in this process, waited for by `settled()`: a library call
 * leaves nothing running once its promise settles.
 */
export function removal(background: boolean): Removal {
  if (background) return { remove: removeInBackground, settled: async () => {} };
  const running = new Set<Promise<void>>();
  return {
    remove(dirs) {
      const marks = dirs.map((dir) => dir + DELETING);
      for (const mark of marks) writeFileSync(mark, String(process.pid));
      const done = Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
        .then(() => Promise.all(marks.map((mark) => rm(mark, { force: true }))))
        .then(
          () => {},
          () => {}, // the next build's removeLeftovers tries again
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

/**
 * Deletes folders in a detached process that outlives this one: `rm -rf` where there is one (a
 * few MB; a Node process is ~50 MB beside the build's tail), else Node's own rmSync. Each folder's
 * mark is made before it starts, and given its process id once started (if it is still there).
 */
function removeInBackground(dirs: string[]): void {
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
