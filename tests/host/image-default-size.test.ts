// Real: a whole build of a copy of the mini site with <Image> in its home page, `ssg serve`
// (with the page's CSP) and Debian's Chromium laying it out. Faked: the ImageData (an SVG of
// the site's public folder, written by hand).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RunningServer, serve } from '@ssg/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import {
  buildMini,
  hydrated,
  miniSiteCopy,
  reportingPage,
  tempOut,
  type Violation,
} from './helpers.ts';

const WIDE = {
  src: '/wide.svg',
  srcset: '',
  sources: [],
  width: 1200,
  height: 600,
  sizes: '100vw',
};

let server: RunningServer;
let chromium: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  const { root, contentDir } = miniSiteCopy();
  mkdirSync(path.join(root, 'public'));
  writeFileSync(
    path.join(root, 'public/wide.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600"><rect width="1200" height="600" fill="teal"/></svg>',
  );
  const home = path.join(root, 'src/pages/home.tsx');
  writeFileSync(
    home,
    readFileSync(home, 'utf8')
      .replace(
        "import { Link } from '@ssg/cli/runtime';",
        `$&\nimport { Image } from '@ssg/cli/image';\nconst WIDE = ${JSON.stringify(WIDE)};`,
      )
      .replace(
        '<h1>Início</h1>',
        `$&
      <div id="narrow" className="narrow"><Image image={WIDE} alt="Faixa larga" /></div>
      <div id="own" className="own"><Image image={WIDE} alt="Faixa com tamanho do site" /></div>`,
      ),
  );
  writeFileSync(
    path.join(root, 'src/pages/frame.css'),
    `${readFileSync(path.join(root, 'src/pages/frame.css'), 'utf8')}
.narrow { width: 200px; }
.own img { width: 40px; height: 30px; }
`,
  );
  const outDir = tempOut();
  await buildMini({ root, contentDir, outDir });
  server = await serve({ dir: outDir, port: 0, host: '127.0.0.1' });
  chromium = await launchChromium();
}, 180_000);

afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

describe('<Image> with no CSS of the site', () => {
  it('never overflows its container and keeps its proportions, with no CSP violation', async () => {
    const violations: Violation[] = [];
    const page = await reportingPage(chromium.browser, violations);
    await page.goto(server.url);
    await hydrated(page);
    const box = await page.$eval('#narrow img', (img) => {
      const r = img.getBoundingClientRect();
      return { width: r.width, height: r.height };
    });
    expect(box).toEqual({ width: 200, height: 100 });
    expect(violations).toEqual([]);
  });

  it('yields to any rule of the site: its own size wins', async () => {
    const page = await chromium.browser.newPage();
    await page.goto(server.url);
    const box = await page.$eval('#own img', (img) => {
      const r = img.getBoundingClientRect();
      return { width: r.width, height: r.height };
    });
    expect(box).toEqual({ width: 40, height: 30 });
  });
});
