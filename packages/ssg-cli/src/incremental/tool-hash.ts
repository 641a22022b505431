// The tool hash: a digest of the CLI's own code and of the packages that shape the output, so a
// cache (or server bundle) made by another version of the tool is never reused.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let toolHashMemo: Promise<string> | undefined;

/** The CLI's own sources and the versions of the packages that shape the output. */
export function toolHash(root: string): Promise<string> {
  toolHashMemo ??= (async () => {
    // the CLI's src/ (or dist/), one folder up from incremental/ (it was pipeline/ alone before the stage folders)
    const src = fileURLToPath(new URL('..', import.meta.url));
    const hash = createHash('sha256');
    const entries = await readdir(src, { recursive: true, withFileTypes: true });
    const files = entries
      // code only: declarations and source maps of a compiled copy do not shape the output
      .filter(
        (e) =>
          e.isFile() &&
          !e.name.includes('.test.') &&
          /\.(m?js|tsx?)$/.test(e.name) &&
          !e.name.endsWith('.d.ts'),
      )
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
    for (const file of files) hash.update(path.relative(src, file)).update(await readFile(file));
    const cli = createRequire(import.meta.url);
    const site = createRequire(path.join(root, 'package.json'));
    for (const [req, name] of [
      [cli, 'vite'],
      [cli, '@vitejs/plugin-react'],
      [site, 'react'],
      [site, 'react-dom'],
    ] as const) {
      try {
        const pkg = JSON.parse(await readFile(req.resolve(`${name}/package.json`), 'utf8'));
        hash.update(`${name}@${pkg.version}`);
      } catch {
        hash.update(`${name}@?`);
      }
    }
    return hash.digest('hex').slice(0, 20);
  })();
  return toolHashMemo;
}
