/**
 * A server bundle is made again only when something it was made from changed: the record of
 * the last one (in node_modules/.ssg/server) names the files Vite read and their digest. A warm
 * build then imports the previous bundle without starting Vite (~0.5-1 s saved).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { digestInputs, type InputStamps } from '../shared/input-digest.ts';
import { writeAtomic } from '../write-atomic.ts';
import type { ServerBundle } from './server.ts';
import { serverBundlesDir } from './server.ts';
import type { SiteFiles } from './vite-config.ts';

interface BundleRecord {
  fingerprint: string;
  /** Size, mtime and digest of each input, so an unchanged input is not read again. */
  stamps?: InputStamps;
  bundle: ServerBundle;
}

/** What shapes the bundle besides its input files: the entries, the config, the tool, `.env*`. */
export interface BundleKey {
  root: string;
  files: SiteFiles;
  /** URL of the compiled config file (its name is the digest of its code). */
  configUrl?: string;
  /** Version of the framework and of Vite. */
  tool: string;
}

const recordFile = (files: SiteFiles): string =>
  path.join(
    serverBundlesDir(files),
    `last-${createHash('sha256').update(files.site).digest('hex').slice(0, 12)}.json`,
  );

/** Whether an earlier build left a server bundle record for this site (it may be out of date). */
export const hasServerBundleRecord = (files: SiteFiles): boolean => existsSync(recordFile(files));

async function fingerprint(
  key: BundleKey,
  inputs: readonly string[],
  known?: InputStamps,
): Promise<{ fingerprint: string; stamps: InputStamps }> {
  const hash = createHash('sha256');
  // NODE_ENV picks React's JSX runtime (jsxDEV under a test runner): a bundle made under one
  // value must not be reused under another
  hash.update(JSON.stringify([key.files, key.configUrl ?? '', key.tool, process.env.NODE_ENV]));
  const envFiles = (await readdir(key.root).catch(() => [] as string[])).filter((f) =>
    f.startsWith('.env'),
  );
  const files = [...envFiles.sort().map((f) => path.join(key.root, f)), ...inputs];
  const { digest, stamps } = await digestInputs(files, known);
  return { fingerprint: hash.update(digest).digest('hex'), stamps };
}

/** The last server bundle, when none of what it was made from changed. */
export async function reusableServerBundle(key: BundleKey): Promise<ServerBundle | undefined> {
  let record: BundleRecord;
  try {
    record = JSON.parse(await readFile(recordFile(key.files), 'utf8')) as BundleRecord;
  } catch {
    return undefined;
  }
  if (!existsSync(record.bundle.entryFile)) return undefined;
  const now = await fingerprint(key, record.bundle.inputs, record.stamps);
  if (now.fingerprint !== record.fingerprint) return undefined;
  return { ...record.bundle, warnings: [] };
}

/** Remembers a bundle just made, and removes bundles older than an hour that are not it. */
export async function recordServerBundle(key: BundleKey, bundle: ServerBundle): Promise<void> {
  const file = recordFile(key.files);
  const record: BundleRecord = { ...(await fingerprint(key, bundle.inputs)), bundle };
  await mkdir(path.dirname(file), { recursive: true });
  await writeAtomic(file, JSON.stringify(record));
  // waited for (a readdir and a stat per bundle): nothing of a build may run after it settled;
  // best effort, as a bundle a parallel build removed first is not an error of this one
  await cleanOld(serverBundlesDir(key.files), path.basename(path.dirname(bundle.entryFile))).catch(
    () => {},
  );
}

/** Bundles of earlier builds go once they are an hour old (a parallel build may use a newer one). */
async function cleanOld(dir: string, keep: string): Promise<void> {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (name === keep || name.endsWith('.json')) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info?.isDirectory() && info.mtimeMs < hourAgo)
      await rm(path.join(dir, name), { recursive: true, force: true });
  }
}
