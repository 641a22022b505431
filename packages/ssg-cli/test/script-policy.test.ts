// Real: build() of a copy of the mini fixture site whose pages and footer slice render <Script>s, its incremental cache, the emitted HTML. Faked: nothing (the browser side runs in tests/site/proxied-script.test.ts).
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, dev } from '../src/index.ts';
import { MINI_CONTENT, miniSiteCopy, snapshot, tempDir } from './helpers.ts';

/** The clinic's package, which depends on Partytown (the framework itself does not). */
const SITE_PACKAGE = path.resolve(import.meta.dirname, '../../site');

/** Adds `jsx` to the component in `file` of a site copy, as the last child of its root element. */
function addScripts(root: string, file: string, jsx: string, before: string): void {
  const full = path.join(root, 'src/pages', file);
  const code = readFileSync(full, 'utf8');
  if (!code.includes(before)) throw new Error(`${file} has no ${before}`);
  const imported = code.replace(
    "from '@ssg/cli/runtime';",
    "from '@ssg/cli/runtime';\nimport { Script } from '@ssg/cli/runtime';",
  );
  writeFileSync(full, imported.replace(before, `${jsx}${before}`));
}

/** The `<meta>` policy of a built page, by directive. */
function policyOf(outDir: string, file: string): Record<string, string[]> {
  const html = readFileSync(path.join(outDir, file), 'utf8');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  if (!meta?.[1]) throw new Error(`${file} has no policy`);
  return Object.fromEntries(
    meta[1].split('; ').map((d) => {
      const [name = '', ...sources] = d.split(' ');
      return [name, sources];
    }),
  );
}

/** The mini site with one `<Script>` of `strategy`, on its home page alone. */
function siteWithHomeScript(strategy: string): string {
  const root = miniSiteCopy();
  addScripts(
    root,
    'home.tsx',
    `<Script src="https://tag.example/x.js" strategy="${strategy}" />`,
    '</>',
  );
  return root;
}

function siteWithScripts(): string {
  const root = miniSiteCopy();
  addScripts(
    root,
    'home.tsx',
    '<Script src="https://tag.example/x.js?id=1" strategy="idle" /><Script src="/own.js" />',
    '</>',
  );
  addScripts(
    root,
    'page.tsx',
    '<Script src="https://worker.example/w.js" strategy="worker-idle" forward={["dataLayer.push"]} />',
    '</>',
  );
  addScripts(root, 'footer.tsx', '<Script src="//cdn.example/f.js" />', '</footer>');
  return root;
}

describe('<Script> origins in each page policy', () => {
  it('the build adds each script origin to its page policy, worker-src blob: only where worker-idle is used, also for pages reused from the cache', async () => {
    const root = siteWithScripts();
    const outDir = path.join(tempDir(), 'out');
    const options = { root, contentDir: MINI_CONTENT, outDir };
    await build(options);
    const home = policyOf(outDir, 'index.html');
    expect(home['script-src']).toEqual(
      expect.arrayContaining(['https://tag.example', 'cdn.example']),
    );
    // a same-origin script adds nothing; the main-thread strategies need no worker nor connection
    expect(home['script-src']?.filter((s) => !s.startsWith("'"))).toEqual([
      'cdn.example',
      'https://tag.example',
    ]);
    expect(home['worker-src']).toEqual(["'self'"]);
    expect(home['connect-src']).toEqual(["'self'"]);
    const pages = ['sobre/index.html', 'servicos/index.html'].filter((f) =>
      existsSync(path.join(outDir, f)),
    );
    expect(pages.length).toBeGreaterThan(0);
    for (const file of pages) {
      const policy = policyOf(outDir, file);
      expect(policy['worker-src'], file).toEqual(["'self'", 'blob:']);
      expect(policy['connect-src'], file).toEqual(["'self'", 'https://worker.example']);
      expect(policy['script-src'], file).toEqual(
        expect.arrayContaining(['https://worker.example', 'cdn.example']),
      );
      expect(policy['script-src'], file).not.toContain('https://tag.example');
    }
    // a second build reuses every page from the incremental cache: the same policies
    const first = snapshot(outDir);
    const again = await build(options);
    expect(again.reused.pages).toBeGreaterThan(0);
    expect(snapshot(outDir)).toEqual(first);
  });

  it('a <Script> in one page component alone builds (its chunk then holds the runtime code it alone uses)', async () => {
    const root = siteWithHomeScript('idle');
    const outDir = path.join(tempDir(), 'out');
    await build({ root, contentDir: MINI_CONTENT, outDir });
    expect(policyOf(outDir, 'index.html')['script-src']).toContain('https://tag.example');
  });

  it('a page with the proxied strategy fails the build with SCRIPT_PROXY_MISSING when the site has not installed Partytown, and writes no output', async () => {
    const root = siteWithHomeScript('proxied');
    const outDir = path.join(tempDir(), 'out');
    await expect(build({ root, contentDir: MINI_CONTENT, outDir })).rejects.toMatchObject({
      code: 'SCRIPT_PROXY_MISSING',
      message: expect.stringContaining('@qwik.dev/partytown'),
    });
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(false);
  });

  it('ssg dev serves Partytown at /~partytown/ when a page uses the proxied strategy', async () => {
    const root = siteWithHomeScript('proxied');
    // the site has installed Partytown, as the README asks: in the copy's own node_modules,
    // not the fixture's (the SCRIPT_PROXY_MISSING test needs it without)
    const modules = path.join(root, 'node_modules');
    const installed = path.join(modules, '@qwik.dev/partytown');
    mkdirSync(path.dirname(installed), { recursive: true });
    symlinkSync(
      realpathSync(path.join(SITE_PACKAGE, 'node_modules/@qwik.dev/partytown')),
      installed,
    );
    const server = await dev({ root, contentDir: MINI_CONTENT, port: 0 });
    try {
      const snippet = await fetch(new URL('/~partytown/partytown.js', server.url));
      expect(snippet.status).toBe(200);
      expect(snippet.headers.get('content-type')).toMatch(/javascript/);
      expect(await snippet.text()).toContain('partytown');
      const sandbox = await fetch(new URL('/~partytown/partytown-sandbox-sw.html', server.url));
      expect(sandbox.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
