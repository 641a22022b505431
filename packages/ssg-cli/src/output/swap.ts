// The staging folder put in place of the output, atomically for readers. The output path (dist/vet)
// is a symbolic link to a build folder beside it (dist/.vet.build-<id>); a swap names the staging
// folder as a build folder, makes a link to it under a name of its own and renames that link over
// the output path. rename(2) replaces the entry in one step: a reader (nginx, `ssg serve`) resolves
// the path to the previous build or to the new one, never to nothing. Node cannot reach
// renameat2(RENAME_EXCHANGE) (which would swap two folders) and coreutils 9.1 has no
// `mv --exchange`, hence the link.
//
// The previous build folder is kept until the next build starts (leftovers.ts deletes it then): a
// reader that resolved the path just before the swap still finds its file, and a whole build is
// always there to put back. Measured (median of 30 swaps, load average 14-16): 0.8-4 ms, where the
// two renames and the spawn of `rm` took 20-48 ms with 0.2-2 ms of missing output between them.
// The previous folder costs the disk what the new build did not hard-link from it (reuse-files.ts):
// the clinic's 2.0 MB output takes 4.1 MB until the next build when every file changed.
import { rename, rm, rmdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { type Fault, faultPoint } from '../shared/fault.ts';
import { linkNameOf, newBuildName, type OutputState, outputState } from './beside-output.ts';
import { type OutputHolds, placeFailed } from './place-failed.ts';

/**
 * Puts the staging folder in place of the output: afterwards the output path links to it, and
 * the previous output is a build folder beside it. Errors say what the output holds.
 */
export async function swapIntoPlace(
  stagingDir: string,
  outDir: string,
  fault?: Fault,
): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  faultPoint(fault, 'before-swap');
  const at: Progress = { holds: 'previous', fault };
  try {
    const now = await outputState(outDir);
    // the previous output's name if it must move aside: minted first, so it sorts as older
    const aside = path.join(parent, newBuildName(base));
    const build = newBuildName(base);
    await rename(stagingDir, path.join(parent, build));
    const link = path.join(parent, linkNameOf(base));
    if (await linked(build, link)) await renameLink(link, outDir, aside, now, at);
    else await renameTwice(path.join(parent, build), outDir, aside, now, at);
    at.holds = 'new';
    faultPoint(fault, 'after-swap');
  } catch (error) {
    throw placeFailed(error, outDir, at.holds);
  }
}

/** How far a swap came, for its error. */
interface Progress {
  holds: OutputHolds;
  fault?: Fault | undefined;
}

async function renameLink(
  link: string,
  outDir: string,
  aside: string,
  now: OutputState,
  at: Progress,
): Promise<void> {
  faultPoint(at.fault, 'mid-swap');
  if (now.kind === 'folder') {
    // Once, the first build into a real folder: rename(2) cannot put a link over a folder, so the
    // folder moves aside first. Between the two renames (0.2-2 ms measured under load) the path
    // is missing; a build killed there leaves it missing until the next build puts the newest
    // build back (leftovers.ts).
    await rename(outDir, aside);
    at.holds = 'beside';
    faultPoint(at.fault, 'mid-convert');
  } else if (now.kind === 'none' && now.emptyFolder) await rmdir(outDir);
  await rename(link, outDir).catch(async (error) => {
    if (at.holds === 'beside') await rename(aside, outDir).then(() => (at.holds = 'previous'));
    throw error;
  });
}

/**
 * Makes `link` point to `build` (a name beside it); false where links cannot be made (Windows,
 * which cannot rename one over a folder's link either, or a file system without them).
 */
async function linked(build: string, link: string): Promise<boolean> {
  if (process.platform === 'win32') return false;
  await rm(link, { force: true }); // a link a killed build of this process id left
  try {
    await symlink(build, link, 'dir');
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code)) return false;
    throw error;
  }
}

/**
 * Without links: the previous output moves aside and the new one takes its name, two renames with
 * a moment between them when the path is missing (a reader gets a 404; a kill there leaves it
 * missing until the next build puts the newest build back). Kept simple on purpose.
 */
async function renameTwice(
  build: string,
  outDir: string,
  aside: string,
  now: OutputState,
  at: Progress,
): Promise<void> {
  if (now.kind === 'none') await (now.emptyFolder ? rmdir(outDir) : rm(outDir, { force: true }));
  const hadOutput = now.kind !== 'none';
  if (hadOutput) {
    await rename(outDir, aside);
    at.holds = 'beside';
  }
  faultPoint(at.fault, 'mid-swap');
  await rename(build, outDir).catch(async (error) => {
    if (hadOutput) await rename(aside, outDir).then(() => (at.holds = 'previous'));
    throw error;
  });
}

/** After a failed build: only the staging folder goes; the output is untouched. */
export const discardStaging = (stagingDir: string): Promise<void> =>
  rm(stagingDir, { recursive: true, force: true });

/**
 * Puts the build folder `build` (a name beside the output) back as the output, where the output
 * path holds nothing to serve (`now`): after a kill in a swap's one gap, or a folder removed or
 * emptied by hand.
 */
export async function putBack(build: string, outDir: string, now: OutputState): Promise<void> {
  const parent = path.dirname(outDir);
  if (now.kind !== 'none') return;
  const link = path.join(parent, linkNameOf(path.basename(outDir)));
  const withLink = await linked(build, link);
  if (now.emptyFolder) await rmdir(outDir);
  else if (!withLink) await rm(outDir, { force: true }); // a link to nothing
  await rename(withLink ? link : path.join(parent, build), outDir);
}
