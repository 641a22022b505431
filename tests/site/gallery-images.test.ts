// Real: build() of the clinic (vet) with six 4000×3000 phone-like JPEGs made by sharp in its gallery, Debian's nginx with the generated config, Debian Chromium at 390 px (2x) and 1280 px. Faked: the photos (synthetic scenes with sensor-like grain).
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoJpeg } from '../../packages/ssg-cli/test/photos.ts';
import { type LaunchedBrowser, launchChromium } from '../support/browser.ts';
import { type RunningNginx, startNginx } from '../support/nginx.ts';
import { buildSite, REPO } from '../support/site-build.ts';

/** The design's budget: images a phone downloads on the gallery page, six 4000×3000 photos. */
const PHONE_BUDGET = 300 * 1024;

let chromium: LaunchedBrowser;
let nginx: RunningNginx;

beforeAll(async () => {
  const content = path.join(mkdtempSync(path.join(tmpdir(), 'ssg-gallery-')), 'content');
  cpSync(path.join(REPO, 'content'), content, { recursive: true });
  const galleryFile = path.join(content, 'gallery.json');
  const gallery = JSON.parse(readFileSync(galleryFile, 'utf8'));
  for (const [i, photo] of gallery.photos.entries()) {
    photo.file = `foto-${i + 1}.jpg`;
    Object.assign(photo, { width: 4000, height: 3000 });
    writeFileSync(path.join(content, 'images', photo.file), await photoJpeg(4000, 3000, i + 1));
  }
  writeFileSync(galleryFile, JSON.stringify(gallery));
  const { outDir } = await buildSite({ brand: 'vet', contentDir: content });
  nginx = await startNginx(outDir);
  chromium = await launchChromium();
}, 600_000);

afterAll(async () => {
  await chromium?.close();
  await nginx?.stop();
});

interface Visit {
  bytes: number;
  types: string[];
  cls: number;
}

/** Opens /galeria/, scrolls to the end, and sums the bytes of the photos fetched. */
async function visitGallery(width: number, scale: number): Promise<Visit> {
  const page = await chromium.browser.newPage();
  await page.setViewport({ width, height: 844, deviceScaleFactor: scale, isMobile: width < 600 });
  const sizes: Array<Promise<{ bytes: number; type: string }>> = [];
  // a slow phone (8× slower than this machine): a part of the page parsed late must not move another
  await page.emulateCPUThrottling(8);
  page.on('response', (response) => {
    // bytes over the network: a preloaded photo the picture then takes from the cache is one fetch
    if (!response.url().includes('/_ssg/image/foto-') || response.fromCache()) return;
    const type = response.headers()['content-type'] ?? '';
    sizes.push(
      response.buffer().then(
        (b) => ({ bytes: b.byteLength, type }),
        () => ({ bytes: 0, type }),
      ),
    );
  });
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { cls: number };
    w.cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
        w.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${nginx.url}galeria/`, { waitUntil: 'networkidle0' });
  for (let y = 0; y < 20; y++) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight / 2));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.waitForNetworkIdle({ idleTime: 500 });
  const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
  await page.close();
  const fetched = await Promise.all(sizes);
  return {
    bytes: fetched.reduce((sum, f) => sum + f.bytes, 0),
    types: fetched.map((f) => f.type),
    cls,
  };
}

describe('the gallery of six phone photos', () => {
  it('stays under 300 KB on a phone, in AVIF or WebP, without layout shift', async () => {
    const phone = await visitGallery(390, 2);
    console.log(
      `/galeria/ at 390 px (2x): ${phone.bytes} bytes of photos, ${phone.types.length} files`,
    );
    expect(phone.types.length).toBe(6);
    expect(phone.bytes).toBeLessThanOrEqual(PHONE_BUDGET);
    for (const type of phone.types) expect(type).toMatch(/^image\/(avif|webp)$/);
    expect(phone.cls).toBe(0);
  });

  it('serves sharper files to a wide screen, still modern formats and no shift', async () => {
    const wide = await visitGallery(1280, 1);
    console.log(
      `/galeria/ at 1280 px (1x): ${wide.bytes} bytes of photos, ${wide.types.length} files`,
    );
    expect(wide.types.length).toBe(6);
    for (const type of wide.types) expect(type).toMatch(/^image\/(avif|webp)$/);
    expect(wide.cls).toBe(0);
  });
});
