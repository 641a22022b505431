// Finds, compiles and imports the site's ssg.config.* file.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { withEsbuild } from '../bundle/esbuild-service.ts';
import { SsgError } from '../errors.ts';
import { writeAtomic } from '../write-atomic.ts';
import { checkConfig } from './check-config.ts';
import type { SsgConfig } from './define-config.ts';

/** File names of the config, in the order they are looked for in the site's folder. */
export const CONFIG_FILES = ['ssg.config.ts', 'ssg.config.mts', 'ssg.config.js', 'ssg.config.mjs'];

export interface LoadedConfig {
  config: SsgConfig;
  /** The config file, absolute; undefined when the folder has none (every default applies). */
  file?: string;
  /** URL of the config compiled to JavaScript, which another process can import as it is. */
  url?: string;
}

/** The config file of `root`, if it has one. */
export const findConfigFile = (root: string): string | undefined =>
  CONFIG_FILES.map((name) => path.join(root, name)).find((file) => existsSync(file));

/**
 * Finds and loads the site's `ssg.config.*`: bundled with esbuild (packages stay imports, so
 * plugins load from the site's node_modules), written under node_modules/.ssg/config by the
 * digest of its code, imported and checked.
 */
export async function loadConfig(root: string): Promise<LoadedConfig> {
  const file = findConfigFile(root);
  if (!file) return { config: {} };
  let code: Uint8Array;
  try {
    // the service stops once this build (and any other of this process) no longer uses it
    const result = await withEsbuild((esbuild) =>
      esbuild.build({
        entryPoints: [file],
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        write: false,
        logLevel: 'silent',
        sourcemap: 'inline',
      }),
    );
    code = result.outputFiles[0]?.contents ?? new Uint8Array();
  } catch (error) {
    const first = (error as { errors?: Array<{ text: string; location?: { line: number } }> })
      .errors?.[0];
    const where = first?.location ? `${file}:${first.location.line}` : file;
    throw new SsgError('CONFIG', `The config file ${where} does not compile: ${first?.text}.`, {
      hint: 'Fix the code at that place.',
      file,
      cause: error,
    });
  }
  const digest = createHash('sha256').update(file).update(code).digest('hex').slice(0, 16);
  const target = path.join(root, 'node_modules/.ssg/config', `${digest}.mjs`);
  if (!existsSync(target)) {
    await mkdir(path.dirname(target), { recursive: true });
    await writeAtomic(target, code);
  }
  const url = pathToFileURL(target).href;
  let exported: unknown;
  try {
    exported = ((await import(url)) as { default?: unknown }).default;
  } catch (error) {
    throw new SsgError(
      'CONFIG',
      `The config file ${file} failed to load: ${(error as Error).message}`,
      {
        hint: 'Fix the error it names; a plugin it imports may be missing from package.json.',
        file,
        cause: error,
      },
    );
  }
  return { config: checkConfig(exported, file), file, url };
}
