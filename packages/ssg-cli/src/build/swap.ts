import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';

/**
 * Puts the staging folder in place of the output in two renames, so the output is always either
 * the whole previous build or the whole new one, never half of each or empty.
 */
export async function swapIntoPlace(stagingDir: string, outDir: string): Promise<void> {
  const retired = `${stagingDir}.old`;
  const hadOutput = existsSync(outDir);
  if (hadOutput) await rename(outDir, retired);
  try {
    await rename(stagingDir, outDir);
  } catch (error) {
    if (hadOutput) await rename(retired, outDir); // put the previous build back
    throw error;
  }
  if (hadOutput) await rm(retired, { recursive: true, force: true });
}

/** After a failed build: only the staging folder goes; the output is untouched. */
export const discardStaging = (stagingDir: string): Promise<void> =>
  rm(stagingDir, { recursive: true, force: true });
