// Real: `pnpm pack` of both packages (their dist/ as built), npm installing the tarballs (and their dependencies from the
// registry) into empty folders outside the workspace, the installed `ssg` command and its serve() and dev() (Vite), tsc, Debian Chromium. Faked: nothing.
import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentRequests,
  hydrated,
  type LaunchedBrowser,
  launchChromium,
  recordPage,
} from '../support/browser.ts';
import { cleanVisits, type PageToVisit, visitAll } from '../support/page-visits.ts';
import { REPO } from '../support/site-build.ts';

const ENV = {
  ...process.env,
  NO_COLOR: '1',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  // the second install (the new site) takes from npm's cache what the first one fetched
  npm_config_prefer_offline: 'true',
};

const run = (command: string, args: string[], cwd: string): string =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: ENV,
  });

/** A command of a folder's installed packages (what `npx` finds, without npx's own start-up). */
const bin = (folder: string, name: string): string => path.join(folder, 'node_modules/.bin', name);

/**
 * The registry's newest TypeScript installed into `folder`, started at once and awaited later:
 * it waits on the network while the stranger's site installs and builds.
 */
function installNewestTypeScript(folder: string): Promise<string> {
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'package.json'), '{"private":true}');
  // `latest` in one npm process: `npm view` was a second process (2.3 s of CPU) and a second fetch
  // of TypeScript's metadata of every version (10.5 MB from the registry, on a fresh machine)
  return new Promise((resolve, reject) =>
    execFile('npm', ['install', 'typescript@latest'], { cwd: folder, env: ENV }, (error) => {
      if (error) return reject(error);
      const pkg = path.join(folder, 'node_modules/typescript/package.json');
      resolve(JSON.parse(readFileSync(pkg, 'utf8')).version);
    }),
  );
}

/**
 * Packs both packages from the dist/ every other test runs (setup's build): without prepack, which
 * would rebuild dist/ under the browser files running beside this one.
 */
function packBoth(packs: string): string {
  mkdirSync(packs);
  for (const pkg of ['loader', 'ssg-cli']) {
    const cwd = path.join(REPO, 'packages', pkg);
    run('pnpm', ['pack', '--config.ignore-scripts=true', '--pack-destination', packs], cwd);
  }
  return packs;
}

/** The stranger's page: a list of the names its data gives. */
const TEAM_PAGE = `import type { PageProps } from '@ssg/cli/runtime';

export default function Team({ data }: PageProps<{ people: string[] }>) {
  return (
    <ul>
      {data.people.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}
`;

/** Every page of the stranger's site, and the 404 page at an unknown address. */
const PAGES: PageToVisit[] = [
  { path: '/', status: 200 },
  { path: '/about/', status: 200 },
  { path: '/posts/hello-markdown/', status: 200 },
  { path: '/posts/opening-hours/', status: 200 },
  { path: '/team/', status: 200 },
  { path: '/no-such-page/', status: 404 },
];

/** Rewrites a file of the site the way the stranger's editor would. */
const edit = (file: string, change: (code: string) => string): void =>
  writeFileSync(file, change(readFileSync(file, 'utf8')));

/** What a command that must fail printed (stdout and stderr). */
function failure(command: string, args: string[], cwd: string): string {
  try {
    run(command, args, cwd);
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return `${stdout}${stderr}`;
  }
  throw new Error(`${command} ${args.join(' ')} succeeded in ${cwd}; it should have failed.`);
}

describe('a stranger installs the packed packages outside the workspace', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'ssg-stranger-'));
  const site = path.join(home, 'site');
  let tarballs: string[] = [];
  let chromium: LaunchedBrowser | undefined;
  let newestTypeScript: Promise<{ version: string } | { error: unknown }> | undefined;
  /** The site's own installed CLI, as its scripts would run it. */
  const installedCli = async (): Promise<typeof import('@ssg/cli')> =>
    import(pathToFileURL(path.join(site, 'node_modules/@ssg/cli/dist/index.js')).href);
  /** One Chromium for every browser test of the file, launched by the first. */
  const browser = async (): Promise<LaunchedBrowser> => {
    chromium ??= await launchChromium();
    return chromium;
  };

  beforeAll(() => {
    newestTypeScript = installNewestTypeScript(path.join(home, 'ts-newest')).then(
      (version) => ({ version }),
      (error: unknown) => ({ error }),
    );
    // the README's test command packs once (scripts/test.sh) and checks those tarballs with attw
    const packs = process.env.SSG_PACKS ?? packBoth(path.join(home, 'packs'));
    tarballs = readdirSync(packs)
      .filter((f) => f.endsWith('.tgz'))
      .map((f) => path.join(packs, f));
    expect(tarballs).toHaveLength(2);
    // The CLI alone, in an empty folder: what `npm install @ssg/cli` would give.
    writeFileSync(path.join(home, 'package.json'), '{"name":"stranger","private":true}');
    run('npm', ['install', ...tarballs], home);
  }, 300_000);
  afterAll(async () => {
    await chromium?.close();
    await newestTypeScript;
  });

  it('prints the version of the installed CLI', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'packages/ssg-cli/package.json'), 'utf8'));
    expect(run('npx', ['ssg', '--version'], home).trim()).toBe(pkg.version);
  });

  it('starts a site with ssg init that installs, type-checks and builds', () => {
    const said = run(bin(home, 'ssg'), ['init', 'site'], home);
    expect(said).toContain('Next steps:');
    // ssg init wrote the tarballs the CLI came from into the new site's package.json: a plain install
    const pkg = JSON.parse(readFileSync(path.join(site, 'package.json'), 'utf8'));
    for (const name of ['@ssg/cli', '@ssg/loader'])
      expect(pkg.dependencies[name]).toMatch(/^file:\/.*\.tgz$/);
    run('npm', ['install'], site);
    // a Markdown entry of their own, beside the starter's: a page of its own
    writeFileSync(
      path.join(site, 'content/posts/opening-hours.md'),
      '---\ntitle: Opening hours\ndescription: When we are open.\n---\nMonday to *Friday*, 8 to 18.\n',
    );
    // a page of their own with its route: tsc holds the route's data to the page's props
    writeFileSync(path.join(site, 'src/pages/team.tsx'), TEAM_PAGE);
    edit(path.join(site, 'src/browser.ts'), (code) =>
      code.replace(/^ {4}post: .*\n/m, "$&    team: () => import('./pages/team.tsx'),\n"),
    );
    const route = (data: string) =>
      `    { path: '/team/', component: 'team', data: ${data}, head: { title: 'Team' } },\n`;
    const routes = readFileSync(path.join(site, 'src/site.ts'), 'utf8');
    const before404 = (data: string) =>
      routes.replace('    // Every site has these two', `${route(data)}$&`);
    writeFileSync(path.join(site, 'src/site.ts'), before404("{ members: ['Ana', 'Bruno'] }"));
    // One tsc (each run takes seconds), strict with skipLibCheck false: its only error names the
    // file, the line and the key the page does not read, so the starter as written, the page and
    // the packages' declarations all hold; the fixed route is checked by the newest TypeScript below.
    const errors = failure(bin(site, 'tsc'), ['--noEmit', '-p', '.'], site);
    expect(errors).toMatch(
      /src\/site\.ts\(\d+,\d+\): error TS2322[\s\S]*'members' does not exist in type '\{ people: string\[\]; \}'/,
    );
    // (tsc may print the one error twice: one place, one code)
    const places = new Set(errors.match(/^\S+\(\d+,\d+\): error TS\d+/gm));
    expect([...places]).toEqual([
      expect.stringMatching(/^src\/site\.ts\(\d+,\d+\): error TS2322$/),
    ]);
    writeFileSync(path.join(site, 'src/site.ts'), before404("{ people: ['Ana', 'Bruno'] }"));
    const built = run(bin(site, 'ssg'), ['build'], site);
    expect(built).toMatch(/Built 7 pages into dist/);
    expect(readFileSync(path.join(site, 'dist/team/index.html'), 'utf8')).toContain(
      '<li>Ana</li><li>Bruno</li>',
    );
    const out = path.join(site, 'dist');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('<!DOCTYPE html>');
    expect(readFileSync(path.join(out, 'posts/opening-hours/index.html'), 'utf8')).toContain(
      '<p>Monday to <em>Friday</em>, 8 to 18.</p>',
    );
    const app = JSON.parse(readFileSync(path.join(out, 'page-data/app-data.json'), 'utf8'));
    expect(app.compilationHash).toMatch(/^[0-9a-f]{20}$/);
    expect(existsSync(path.join(out, 'page-data/index/page-data.json'))).toBe(true);
  }, 300_000);

  it('shows every page of the new site in Chromium with no console error, served by the installed ssg serve', async () => {
    const { serve } = await installedCli();
    const server = await serve({ dir: path.join(site, 'dist'), port: 0, host: '127.0.0.1' });
    try {
      expect(await visitAll(await browser(), server.url, PAGES)).toEqual(cleanVisits(PAGES));
    } finally {
      await server.close();
    }
  }, 120_000);

  it('under ssg serve, a click goes to the Markdown page and back on the client, each showing its own HTML', async () => {
    const { serve } = await installedCli();
    const server = await serve({ dir: path.join(site, 'dist'), port: 0, host: '127.0.0.1' });
    const page = await (await browser()).browser.newPage();
    const log = recordPage(page);
    try {
      await page.goto(server.url);
      await hydrated(page);
      await page.click('nav a[href="/posts/hello-markdown/"]');
      await page.waitForFunction(
        () => document.querySelector('main h1')?.textContent === 'Hello from Markdown',
      );
      // the body the build rendered from Markdown, brought by the page-data: no code of it runs
      expect(await page.$eval('main ssg-static strong', (e) => e.textContent)).toBe('Markdown');
      await page.goBack();
      await page.waitForFunction(
        () => document.querySelector('main h1')?.textContent === 'Welcome',
      );
      await page.click('nav a[href="/posts/hello-markdown/"]');
      await page.waitForFunction(() => location.pathname === '/posts/hello-markdown/');
      expect(await page.$eval('main article h1', (e) => e.textContent)).toBe('Hello from Markdown');
      // one document load: every move after it was a client navigation
      expect(documentRequests(log)).toEqual(['/']);
      expect(log.errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  }, 120_000);

  it('shows every page of the new site in Chromium with no console error under the installed ssg dev', async () => {
    const { dev } = await installedCli();
    const server = await dev({ root: site, port: 0 });
    try {
      expect(await visitAll(await browser(), server.url, PAGES)).toEqual(cleanVisits(PAGES));
    } finally {
      await server.close();
    }
  }, 180_000);

  it("under ssg dev on the address ssg serve used, the serve build's service worker removes itself", async () => {
    const { dev, serve } = await installedCli();
    const served = await serve({ dir: path.join(site, 'dist'), port: 0, host: '127.0.0.1' });
    const page = await (await browser()).browser.newPage();
    try {
      await page.goto(served.url, { waitUntil: 'networkidle0' });
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
    } finally {
      await served.close();
    }
    const server = await dev({ root: site, port: served.port, strictPort: true });
    try {
      // the visit checks the worker for an update: dev's /sw.js is the one that unregisters
      await page.goto(server.url, { waitUntil: 'networkidle0' });
      await page.waitForFunction(
        async () => (await navigator.serviceWorker.getRegistrations()).length === 0,
      );
      // the next load comes from dev, no longer through the old worker
      await page.reload({ waitUntil: 'networkidle0' });
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    } finally {
      await page.close();
      await server.close();
    }
  }, 120_000);

  it("type-checks the new site, the stranger's page and fixed route included, with the newest TypeScript on the registry too", async () => {
    // the starter pins 5.9 (checked above); a stranger who upgrades gets the registry's newest
    const installed = await newestTypeScript;
    if (installed === undefined || 'error' in installed) throw installed?.error;
    const tsc = bin(path.join(home, 'ts-newest'), 'tsc');
    expect(run(tsc, ['--version'], site)).toContain(installed.version);
    expect(run(tsc, ['--noEmit', '-p', '.'], site)).toBe('');
  }, 300_000);

  it('type-checks a consumer of @ssg/loader, @ssg/loader/contract and @ssg/cli/runtime with strict nodenext', () => {
    const consumer = path.join(site, 'consumer');
    mkdirSync(consumer);
    writeFileSync(path.join(consumer, 'package.json'), '{"type":"module","private":true}');
    writeFileSync(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          skipLibCheck: false,
          noEmit: true,
          jsx: 'react-jsx',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: [],
        },
        files: ['consumer.tsx'],
      }),
    );
    writeFileSync(
      path.join(consumer, 'consumer.tsx'),
      [
        "import { createLoader, type PageData } from '@ssg/loader';",
        "import type { AppData } from '@ssg/loader/contract';",
        "import { Link, useLocation } from '@ssg/cli/runtime';",
        'export const loader = createLoader;',
        'export const page: PageData | undefined = undefined;',
        "export const app: AppData = { compilationHash: 'abc', buildId: 'def' };",
        'export function Here() {',
        '  const { pathname } = useLocation();',
        '  return <Link to="/">{pathname}</Link>;',
        '}',
        '',
      ].join('\n'),
    );
    // the site's node_modules are found from the folder below it, as Node would
    expect(run(bin(site, 'tsc'), ['-p', '.'], consumer)).toBe('');
  }, 120_000);
});
