// Real: `dev()` (a Vite dev server, pages fetched over HTTP) and `build()` of the parity fixture, which uses each Vite feature a site may use. Faked: nothing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, dev } from '../src/index.ts';
import { listFiles, tempDir } from './helpers.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/parity-site');

/** Every page of the fixture (src/site.ts); the build must write exactly these. */
const ROUTES = ['/', '/about/', '/404.html', '/500.html'];
const htmlFileOf = (route: string): string =>
  route.endsWith('.html') ? route.slice(1) : `${route.slice(1)}index.html`;

/** What legitimately differs between the two: Vite's mode (import.meta.env MODE, DEV, PROD). */
interface Mode {
  mode: string;
  dev: string;
  prod: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** What a reader sees of the page: the text of the root element, without scripts and styles. */
function visibleText(html: string): string {
  const start = html.indexOf('<div id="___ssg"');
  const end = html.lastIndexOf('</body>');
  expect(start, 'the page has the root element').toBeGreaterThan(-1);
  return html
    .slice(start, end)
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

const titleOf = (html: string): string | undefined => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/** The text of `<dd id="…">` on a page. */
function field(html: string, id: string): string | undefined {
  const match = new RegExp(`<dd id="${id}"[^>]*>([\\s\\S]*?)</dd>`).exec(html);
  return match?.[1]?.replace(/<!--[\s\S]*?-->/g, '');
}

const modeOf = (html: string): Mode => ({
  mode: field(html, 'mode') ?? '',
  dev: field(html, 'dev') ?? '',
  prod: field(html, 'prod') ?? '',
});

/** The page with Vite's mode blanked, so the rest can be compared as a whole. */
const withoutMode = (html: string): string =>
  html.replace(/(<dd id="(?:mode|dev|prod)">)[^<]*(<\/dd>)/g, '$1$2');

/** An attribute of the element with this id. */
function attribute(html: string, id: string, name: string): string | undefined {
  const tag = new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  return tag ? new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1] : undefined;
}

const devPages = new Map<string, string>();
const devFiles = new Map<string, { status: number; body: string }>();
const buildPages = new Map<string, string>();
let outDir: string;

beforeAll(async () => {
  const nodeEnv = process.env.NODE_ENV;
  try {
    // As from the command line: nothing has set NODE_ENV (vitest sets it to "test"). Dev runs
    // first: React picks its build once per process, and dev needs its development build.
    delete process.env.NODE_ENV;
    const server = await dev({ root: FIXTURE, port: 0 });
    try {
      const get = async (p: string) => {
        const res = await fetch(new URL(p, server.url));
        return { status: res.status, body: await res.text() };
      };
      for (const route of ROUTES) {
        const page = await get(route);
        expect(page.status, `ssg dev answers ${route}`).toBe(200);
        devPages.set(route, page.body);
      }
      for (const file of [
        '/src/assets/logo.svg',
        '/src/assets/features.css',
        '/src/features.tsx',
        '/images/room.svg',
      ])
        devFiles.set(file, await get(file));
    } finally {
      await server.close();
    }
    delete process.env.NODE_ENV;
    outDir = path.join(tempDir('ssg-parity-'), 'out');
    await build({ root: FIXTURE, outDir });
    for (const route of ROUTES)
      buildPages.set(route, readFileSync(path.join(outDir, htmlFileOf(route)), 'utf8'));
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
});

const devPage = (route: string): string => devPages.get(route) ?? '';
const buildPage = (route: string): string => buildPages.get(route) ?? '';

describe('ssg dev and ssg build render the same pages', () => {
  it('builds exactly the routes the test fetches', () => {
    const html = listFiles(outDir).filter((f) => f.endsWith('.html'));
    expect(html).toEqual(ROUTES.map(htmlFileOf).sort());
  });

  it.each(ROUTES)('%s: the same text, except for Vite mode', (route) => {
    const devText = visibleText(withoutMode(devPage(route)));
    const buildText = visibleText(withoutMode(buildPage(route)));
    expect(buildText).toContain('Hello from a virtual module');
    expect(devText).toBe(buildText);
    expect(titleOf(devPage(route))).toBe(titleOf(buildPage(route)));
  });

  it.each(ROUTES)('%s: import.meta.env MODE, DEV and PROD are those of each command', (route) => {
    expect(modeOf(devPage(route))).toEqual({ mode: 'development', dev: 'true', prod: 'false' });
    expect(modeOf(buildPage(route))).toEqual({ mode: 'production', dev: 'false', prod: 'true' });
  });
});

describe('the Vite features in the built pages', () => {
  const home = () => buildPage('/');

  it('shows import.meta.env SSR, BASE_URL and the VITE_ variable of .env, and no other variable of it', () => {
    expect(field(home(), 'ssr')).toBe('true');
    expect(field(home(), 'base')).toBe('/');
    expect(field(home(), 'vite-env')).toBe('+55 11 4000-1234');
    expect(readFileSync(path.join(FIXTURE, '.env'), 'utf8')).toContain(
      'CLINIC_SECRET=do-not-ship-this-secret',
    );
    expect(field(home(), 'secret')).toBe('not exposed');
    const leaks = listFiles(outDir).filter((f) =>
      readFileSync(path.join(outDir, f), 'utf8').includes('do-not-ship-this-secret'),
    );
    expect(leaks, 'files holding the non-VITE_ variable').toEqual([]);
  });

  it('shows a ?raw import, the eager globs (names and count) and the config plugin and define', () => {
    expect(field(home(), 'raw')).toBe('Raw text from message.txt, as it is.');
    expect(field(home(), 'notes')).toBe('2 notes: first.md: First note; second.md: Second note');
    expect(field(home(), 'facts')).toBe('Opening hours 8–18; Phone +55 11 4000-1234');
    expect(field(home(), 'plugin')).toBe('Hello from a virtual module');
    expect(field(home(), 'define')).toBe('the config define');
  });

  it('writes imported assets hashed under /_ssg/, with the same URL in the HTML and the client chunk', () => {
    const logo = attribute(home(), 'logo', 'src') ?? '';
    const pixel = attribute(home(), 'pixel', 'href') ?? '';
    expect(logo).toMatch(/^\/_ssg\/logo-[\w-]{8}\.svg$/);
    expect(pixel).toMatch(/^\/_ssg\/pixel-[\w-]{8}\.png$/);
    for (const [url, source] of [
      [logo, 'logo.svg'],
      [pixel, 'pixel.png'],
    ] as const) {
      expect(readFileSync(path.join(outDir, url))).toEqual(
        readFileSync(path.join(FIXTURE, 'src/assets', source)),
      );
    }
    const chunks = readdirSync(path.join(outDir, '_ssg'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(outDir, '_ssg', f), 'utf8'));
    expect(chunks.some((code) => code.includes(logo) && code.includes(pixel))).toBe(true);
  });

  it('inlines the rules of an imported stylesheet in the head', () => {
    const style = /<head>[\s\S]*<style>([\s\S]*?)<\/style>[\s\S]*<\/head>/.exec(home())?.[1];
    expect(style).toMatch(/\.parity-features\{border:3px dashed (#639|rebeccapurple)\}/);
    expect(readdirSync(path.join(outDir, '_ssg')).filter((f) => f.endsWith('.css'))).toEqual([]);
  });
});

describe('the Vite features in ssg dev', () => {
  it('serves imported assets from their source, at the URL the page shows', () => {
    expect(attribute(devPage('/'), 'logo', 'src')).toBe('/src/assets/logo.svg');
    expect(attribute(devPage('/'), 'pixel', 'href')).toBe('/src/assets/pixel.png');
    const logo = devFiles.get('/src/assets/logo.svg');
    expect(logo?.status).toBe(200);
    expect(logo?.body).toBe(readFileSync(path.join(FIXTURE, 'src/assets/logo.svg'), 'utf8'));
  });

  it("serves the site's asset folders at the paths the build copies them to", () => {
    expect(attribute(devPage('/'), 'room', 'src')).toBe('/images/room.svg');
    expect(attribute(buildPage('/'), 'room', 'src')).toBe('/images/room.svg');
    const room = devFiles.get('/images/room.svg');
    expect(room?.status).toBe(200);
    expect(room?.body).toBe(readFileSync(path.join(outDir, 'images/room.svg'), 'utf8'));
  });

  it('gives the browser the stylesheet and the VITE_ variable, never the other variable', () => {
    expect(devFiles.get('/src/assets/features.css')?.body).toContain('.parity-features');
    const module = devFiles.get('/src/features.tsx')?.body ?? '';
    expect(module).toContain('/src/assets/features.css');
    expect(module).toContain('+55 11 4000-1234');
    expect(module).not.toContain('do-not-ship-this-secret');
  });
});
