// Screenshots of every page at 390 px and 1280 px with Debian Chromium, for looking at the design.
// Usage: node packages/site/scripts/screenshots.mjs http://127.0.0.1:4311 /tmp/shots [prefix]
import { mkdirSync, writeFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';

const [base = 'http://127.0.0.1:4311', out = '/tmp/shots', prefix = 'vet'] = process.argv.slice(2);
const pages = {
  home: '/',
  servicos: '/servicos/',
  galeria: '/galeria/',
  contato: '/contato/',
  404: '/404.html',
  500: '/500.html',
};
mkdirSync(out, { recursive: true });
const browser = await puppeteer.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--headless', ...CHROMIUM_FLAGS, `--user-data-dir=/tmp/shots-profile-${Date.now()}`],
});
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage();
    page.on('pageerror', (e) =>
      console.log(`[pageerror ${width}]`, e instanceof Error ? e.message : e),
    );
    page.on('console', (m) => m.type() === 'error' && console.log(`[console ${width}]`, m.text()));
    await page.setViewport({ width, height: width < 500 ? 844 : 800, deviceScaleFactor: 1 });
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(base + path, { waitUntil: 'networkidle0' });
      // Scroll through the page so lazy images load, then back to the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 40));
        }
        window.scrollTo(0, 0);
      });
      await new Promise((r) => setTimeout(r, 400));
      const scrollW = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollW > width) console.log(`horizontal scroll on ${path} at ${width}: ${scrollW}`);
      // Also in parts, easier to look at: desktop in slices, phone as sheets of four columns.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const part = width < 500 ? 1300 : 1100;
      const parts = [];
      for (let y = 0; y < height; y += part)
        parts.push(
          await page.screenshot({
            encoding: 'base64',
            clip: { x: 0, y, width, height: Math.min(part, height - y) },
            captureBeyondViewport: true,
          }),
        );
      if (width >= 500) {
        for (const [i, b] of parts.entries())
          writeFileSync(`${out}/${prefix}-${name}-${width}-part${i}.png`, Buffer.from(b, 'base64'));
        continue;
      }
      const sheet = await browser.newPage();
      for (let i = 0; i < parts.length; i += 4) {
        const cols = parts.slice(i, i + 4);
        await sheet.setViewport({ width: cols.length * (width + 12), height: part });
        await sheet.setContent(
          `<body style="margin:0;display:flex;gap:12px;background:#444;align-items:flex-start">${cols.map((b) => `<img src="data:image/png;base64,${b}">`).join('')}</body>`,
        );
        await sheet.screenshot({ path: `${out}/${prefix}-${name}-${width}-sheet${i / 4}.png` });
      }
      await sheet.close();
    }
    await page.close();
  }
} finally {
  await browser.close();
}
