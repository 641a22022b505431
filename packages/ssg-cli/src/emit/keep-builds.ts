// The chunks of recent builds, carried into the new output for tabs still running them.
import { existsSync, lstatSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ASSETS_DIR } from '../bundle/client.ts';
import { HOST_DIR } from '../host/rules.ts';

/** Which hashed chunks belong to which build, newest first: `_ssg-host/builds.json`. */
export const BUILDS_FILE = `${HOST_DIR}/builds.json`;

export interface BuildRecord {
  compilationHash: string;
  /** Output-relative chunk files of that build (`_ssg/app-x.js`). */
  files: string[];
}

/** Reads the record of the build folder being replaced; a folder built before the record existed counts as one build. */
export async function previousBuilds(outDir: string): Promise<BuildRecord[]> {
  const record = path.join(outDir, BUILDS_FILE);
  if (existsSync(record)) {
    try {
      const parsed = JSON.parse(await readFile(record, 'utf8')) as { builds?: BuildRecord[] };
      if (Array.isArray(parsed.builds))
        return parsed.builds.filter(
          (b) => typeof b.compilationHash === 'string' && Array.isArray(b.files),
        );
    } catch {
      // unreadable record: fall through and treat the folder's chunks as one build
    }
  }
  const files = await assetFiles(outDir);
  return files.length > 0 ? [{ compilationHash: 'unrecorded', files }] : [];
}

/** Every file under `_ssg/` of a build folder, output-relative, sorted. */
async function assetFiles(dir: string): Promise<string[]> {
  const assets = path.join(dir, ASSETS_DIR);
  if (!existsSync(assets)) return [];
  return (await readdir(assets, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

/**
 * Deploy skew: a tab opened before this deploy still runs the previous build's JS and may
 * lazy-load its chunks after the new build replaced the folder. The chunks of the last
 * `keepBuilds` builds (this one included) are carried into the new output; older ones are
 * dropped with the folder they were in. HTML and data are never kept: they are always current.
 */
export async function keepRecentChunks(ctx: {
  compilationHash: string;
  stagingDir: string;
  outDir: string;
  keepBuilds: number;
}): Promise<{ kept: string[]; dropped: string[]; written: string[] }> {
  // before anything is carried over, `_ssg/` of the staging folder holds exactly this build's files
  const current: BuildRecord = {
    compilationHash: ctx.compilationHash,
    files: await assetFiles(ctx.stagingDir),
  };
  const previous = existsSync(ctx.outDir) ? await previousBuilds(ctx.outDir) : [];
  // a regular file only: a link put in a chunk's place would publish what it points to
  const copyable = (file: string) =>
    lstatSync(path.join(ctx.outDir, file), { throwIfNoEntry: false })?.isFile() === true &&
    !existsSync(path.join(ctx.stagingDir, file));
  const { builds, kept, dropped } = chunkPlan(current, previous, ctx.keepBuilds, copyable);
  for (const file of kept) {
    const to = path.join(ctx.stagingDir, file);
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(path.join(ctx.outDir, file), to);
  }
  await mkdir(path.join(ctx.stagingDir, HOST_DIR), { recursive: true });
  await writeFile(
    path.join(ctx.stagingDir, BUILDS_FILE),
    `${JSON.stringify({ keepBuilds: ctx.keepBuilds, builds }, null, 2)}\n`,
  );
  return { kept, dropped, written: [BUILDS_FILE, ...kept] };
}

/**
 * Which builds the new output records (this one and the `keepBuilds - 1` newest others), the
 * chunks of those others it carries (`copyable` ones, each once, never this build's), and the
 * chunks it drops, both sorted. Pure: the files are looked at through `copyable` only.
 */
export function chunkPlan(
  current: BuildRecord,
  previous: readonly BuildRecord[],
  keepBuilds: number,
  copyable: (file: string) => boolean,
): { builds: BuildRecord[]; kept: string[]; dropped: string[] } {
  const others = previous.filter((b) => b.compilationHash !== current.compilationHash);
  const builds = [current, ...others.slice(0, keepBuilds - 1)];
  const inCurrent = new Set(current.files);
  const kept = new Set<string>();
  for (const build of builds.slice(1)) {
    for (const file of build.files) {
      // chunks only, and nothing that escapes the assets folder of a tampered record
      if (!file.startsWith(`${ASSETS_DIR}/`) || file.split('/').includes('..')) continue;
      if (inCurrent.has(file) || kept.has(file) || !copyable(file)) continue;
      kept.add(file);
    }
  }
  const dropped = [...new Set(others.slice(keepBuilds - 1).flatMap((b) => b.files))]
    .filter((f) => !kept.has(f) && !inCurrent.has(f))
    .sort();
  return { builds, kept: [...kept].sort(), dropped };
}
