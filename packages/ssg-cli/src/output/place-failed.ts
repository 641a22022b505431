// The error of putting a finished build in place (the swap, or a patch's moves): it says what the
// output folder holds at that moment, which differs by how far the placing came.
import { SsgError } from '../errors.ts';

/** What the output holds when placing stopped. */
export type OutputHolds = 'previous' | 'new' | 'mixed' | 'beside';

const HOLDS: Record<OutputHolds, string> = {
  previous: 'The output still holds the previous build, untouched.',
  new: 'The output holds the new build, whole; only what follows the swap did not complete.',
  mixed:
    'The output holds the previous build with some of the new build’s files moved in (a patch cut short); the next build completes it.',
  beside:
    'The output path is missing for now: both builds are whole in the hidden build folders beside it, and the next build puts the newest back.',
};

const HINTS: Record<OutputHolds, string> = {
  previous: 'Check the disk and the output folder’s permissions, then build again.',
  new: 'Check the disk; the next build cleans up what this one left beside the output.',
  mixed: 'Check the disk, then build again: it moves in the files this build did not.',
  beside:
    'Check the disk, then build again (even a failing build puts the newest whole build back first).',
};

export function placeFailed(error: unknown, outDir: string, holds: OutputHolds): SsgError {
  if (error instanceof SsgError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new SsgError(
    'SWAP_FAILED',
    `Putting the new build in place of ${outDir} failed: ${reason}. ${HOLDS[holds]}`,
    { hint: HINTS[holds], file: outDir, cause: error },
  );
}
