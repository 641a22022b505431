// Real: Node's module loader, packages in a temporary site's node_modules, a module in the server bundles' folder. Faked: nothing.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { serverBundlesDir } from './server.ts';
import type { SiteFiles } from './vite-config.ts';
import { warmPackages } from './warm-packages.ts';

/** A package whose import counts its evaluations on globalThis, or throws. */
function writePackage(site: string, name: string, body: string): void {
  const dir = path.join(site, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name, type: 'module', exports: { '.': { import: './index.js' } } }),
  );
  writeFileSync(path.join(dir, 'index.js'), body);
}

it('loads the packages the server bundle will import, the same instances the bundle then gets, and leaves a failing one to the bundle', async () => {
  const site = mkdtempSync(path.join(tmpdir(), 'ssg-warm-'));
  writeFileSync(path.join(site, 'package.json'), '{"type":"module"}');
  const key = `__ssgWarm${process.pid}`;
  writePackage(
    site,
    'counted',
    `globalThis.${key} = (globalThis.${key} ?? 0) + 1;\nexport const token = {};\n`,
  );
  writePackage(site, 'broken', `throw new Error('broken at import');\n`);
  const files: SiteFiles = {
    site: path.join(site, 'src/site.ts'),
    browser: path.join(site, 'src/browser.ts'),
    packageDir: site,
  };
  const warmer = warmPackages(files);
  warmer.add('counted');
  warmer.add('broken');
  await warmer.settled(); // a package that fails is not this step's error
  const globals = globalThis as Record<string, unknown>;
  expect(globals[key]).toBe(1);
  // a bundle made afterwards, where server bundles are kept, imports the module already loaded
  const bundleDir = path.join(serverBundlesDir(files), 'abc123');
  mkdirSync(bundleDir, { recursive: true });
  const entry = path.join(bundleDir, 'entry.mjs');
  writeFileSync(entry, `export { token } from "counted";\nexport * from "broken";\n`);
  await expect(import(pathToFileURL(entry).href)).rejects.toThrow('broken at import');
  const again = path.join(bundleDir, 'again.mjs');
  writeFileSync(again, `export { token } from "counted";\n`);
  await import(pathToFileURL(again).href);
  expect(globals[key]).toBe(1);
});
