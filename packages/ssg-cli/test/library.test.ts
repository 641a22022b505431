// Real: the compiled package imported, and its build() called as a library, in a fresh Node process (test/library-run.mjs), two builds of a copy of the mini site (with a config file) at once, then five one after the other (with the writer thread and a render worker in the last), /proc. Faked: nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MINI_CONTENT, miniSiteCopy, tempDir } from './helpers.ts';

const RUN = path.join(import.meta.dirname, 'library-run.mjs');

interface Left {
  children: string[];
  resources: string[];
  beside: string[];
  envChanged: string[];
  sourceMapsChanged: boolean;
}

describe.runIf(process.platform === 'linux')('build() as a library', () => {
  it('leaves no process, handle or timer once its promise settles, and the host process as it was', () => {
    expect(existsSync(path.join(import.meta.dirname, '../dist/index.js'))).toBe(true);
    const site = miniSiteCopy();
    // a config file: loading it starts esbuild's service, which must be stopped
    writeFileSync(path.join(site, 'ssg.config.ts'), 'export default { keepBuilds: 2 };\n');
    const out = path.join(tempDir(), 'out');
    // NODE_ENV unset, as in a plain `node script.js`: a build must not set it
    const { NODE_ENV: _, ...env } = process.env;
    const run = spawnSync(process.execPath, [RUN, site, MINI_CONTENT, out], {
      env,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const left = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Left;
    // Vite's process, the esbuild service, the image encoder, worker threads, `rm -rf`: all gone
    expect(left.children).toEqual([]);
    // only the standard streams this process was given
    expect(left.resources.filter((r) => !['PipeWrap', 'TTYWrap'].includes(r))).toEqual([]);
    expect(left.envChanged).toEqual([]);
    expect(left.sourceMapsChanged).toBe(false);
    // the first build's folder was deleted before the third build settled; the second's is kept
    const builds = left.beside.filter((name) => name.startsWith('.out.build-'));
    expect(builds).toHaveLength(2);
    expect(left.beside.filter((name) => name.endsWith('.deleting'))).toEqual([]);
  }, 180_000);

  it("loads no native image library until a site's image is read (sharp's libvips: ~0.2 s and ~30 MB of every build's start)", () => {
    const index = pathToFileURL(path.join(import.meta.dirname, '../dist/index.js')).href;
    const script = `await import(${JSON.stringify(index)}); const maps = (await import('node:fs')).readFileSync('/proc/self/maps', 'utf8'); console.log(maps.includes('libvips') ? 'libvips loaded' : 'none');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('none');
  });
});
