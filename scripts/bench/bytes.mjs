/**
 * Byte figures of a built site (the design's budget table): HTML of the home page, its first-load JS per chunk
 * (gzip and brotli, from the script and modulepreload tags of the built HTML), React 19's own
 * floor for comparison, the loader's size, and the page-data envelope overhead.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** @typedef {{ raw: number, gzip: number, brotli: number }} Compressed */
/** @typedef {Compressed & { url: string, missing?: boolean }} FileBytes */
/** What the envelope figures read of a page-data.json. */
/** @typedef {{ result?: { data?: unknown, head?: unknown } }} PageData */

/**
 * @param {Buffer} buf
 * @returns {Compressed}
 */
export function compressed(buf) {
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/**
 * Local URLs of the JS a page loads first: `<script src>`, `<link rel=modulepreload>`, and the
 * entry and modules of the boot data (`<script type="application/json" id="___ssg-boot">`), which
 * the page loads after its first paint.
 * @param {string} html
 * @returns {string[]}
 */
export function firstLoadScripts(html) {
  /** @type {Set<string>} */
  const urls = new Set();
  const boot = /<script type="application\/json" id="___ssg-boot">(.*?)<\/script>/s.exec(html);
  if (boot) {
    /** @type {{ entry: string, modules: string[] }} */
    const { entry, modules } = JSON.parse(boot[1] ?? '');
    for (const url of [entry, ...modules]) urls.add(url);
  }
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\ssrc=["']([^"']+)["']/i.exec(tag)?.[1];
    if (src) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/\srel=["']?modulepreload["']?/i.test(tag)) continue;
    const href = /\shref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) urls.add(href);
  }
  return [...urls].filter((u) => !/^[a-z]+:\/\//i.test(u) && !u.startsWith('//'));
}

/** @param {string} html */
function stylesheets(html) {
  /** @type {string[]} */
  const urls = [];
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/\srel=["']?stylesheet["']?/i.test(tag)) continue;
    const href = /\shref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href && !/^[a-z]+:\/\//i.test(href)) urls.push(href);
  }
  return urls;
}

/**
 * Bytes of the home page of the site built into `outDir`.
 * @param {string} outDir
 */
export function homePageBytes(outDir) {
  const html = readFileSync(join(outDir, 'index.html'));
  const text = html.toString('utf8');
  /** @type {(url: string) => string} */
  const fileOf = (url) => join(outDir, url.split(/[?#]/)[0] ?? url);
  /** @type {FileBytes[]} */
  const chunks = firstLoadScripts(text).map((url) => {
    const file = fileOf(url);
    if (!existsSync(file)) return { url, missing: true, raw: 0, gzip: 0, brotli: 0 };
    return { url, ...compressed(readFileSync(file)) };
  });
  /** @type {FileBytes[]} */
  const css = stylesheets(text).map((url) => {
    const file = fileOf(url);
    return existsSync(file)
      ? { url, ...compressed(readFileSync(file)) }
      : { url, missing: true, raw: 0, gzip: 0, brotli: 0 };
  });
  // CSS inlined in the page (part of the HTML's bytes too).
  for (const [, style] of text.matchAll(/<style>(.*?)<\/style>/gs)) {
    css.push({ url: 'inline <style>', ...compressed(Buffer.from(style ?? '')) });
  }
  /** @type {(list: FileBytes[], k: keyof Compressed) => number} */
  const sum = (list, k) => list.reduce((s, c) => s + c[k], 0);
  return {
    html: compressed(html),
    chunks,
    js: { raw: sum(chunks, 'raw'), gzip: sum(chunks, 'gzip'), brotli: sum(chunks, 'brotli') },
    css: { files: css, raw: sum(css, 'raw'), gzip: sum(css, 'gzip'), brotli: sum(css, 'brotli') },
  };
}

/**
 * React 19's floor: react + react-dom/client with a hydrateRoot call, bundled and minified for
 * production with esbuild: what any React 19 site ships before its own code.
 * @param {string} repoRoot
 */
export async function reactFloor(repoRoot) {
  const cliDir = join(repoRoot, 'packages', 'ssg-cli');
  const require = createRequire(join(cliDir, 'package.json'));
  /** @type {typeof import('esbuild')} */
  const esbuild = await import(pathToFileURL(require.resolve('esbuild')).href);
  const result = await esbuild.build({
    stdin: {
      contents:
        "import { createElement } from 'react'; import { hydrateRoot } from 'react-dom/client'; hydrateRoot(document.body, createElement('div'));",
      resolveDir: cliDir,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  return compressed(Buffer.from(bundleOf(result, 'the React floor')));
}

/**
 * The one file an esbuild build with `write: false` made.
 * @param {{ outputFiles: { contents: Uint8Array }[] }} result
 * @param {string} what
 */
function bundleOf(result, what) {
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild wrote no bundle of ${what}.`);
  return output.contents;
}

/**
 * The loader's size through the loader package's own `measureLoaderSize`
 * (packages/loader/size.mjs).
 * @param {string} repoRoot
 */
export async function loaderSize(repoRoot) {
  const buildFile = join(repoRoot, 'packages', 'loader', 'size.mjs');
  if (existsSync(buildFile)) {
    /** @type {Partial<typeof import('../../packages/loader/size.mjs')>} */
    const mod = await import(pathToFileURL(buildFile).href);
    if (typeof mod.measureLoaderSize === 'function') {
      const r = await mod.measureLoaderSize();
      return {
        ...compressed(Buffer.from(r.code)),
        budget: mod.SIZE_BUDGET_BYTES,
        via: 'packages/loader/size.mjs measureLoaderSize',
      };
    }
  }
  // Fallback: bundle the entry ourselves the same way (esbuild, minified ESM).
  const cliDir = join(repoRoot, 'packages', 'ssg-cli');
  const require = createRequire(join(cliDir, 'package.json'));
  /** @type {typeof import('esbuild')} */
  const esbuild = await import(pathToFileURL(require.resolve('esbuild')).href);
  const result = await esbuild.build({
    entryPoints: [join(repoRoot, 'packages', 'loader', 'src', 'index.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  return {
    ...compressed(Buffer.from(bundleOf(result, 'the loader'))),
    budget: 3072,
    via: 'esbuild minify of packages/loader/src/index.ts',
  };
}

/**
 * Page-data envelope overhead: bytes of each page-data.json minus the bytes of its
 * `result.data` alone (both as written, compact JSON). Returns the home page's figures and
 * totals over all pages.
 * @param {string} outDir
 */
export function envelopeOverhead(outDir) {
  const root = join(outDir, 'page-data');
  if (!existsSync(root)) return null;
  let files = 0;
  let total = 0;
  let data = 0;
  /**
   * @type {{ bytes: number, dataBytes: number, envelope: number, envelopeGzip: number,
   *   headBytes: number } | null}
   */
  let home = null;
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name !== 'page-data.json') continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    const text = readFileSync(file, 'utf8');
    /** @type {PageData} */
    const json = JSON.parse(text);
    const bytes = Buffer.byteLength(text);
    const dataBytes =
      json.result?.data === undefined ? 0 : Buffer.byteLength(JSON.stringify(json.result.data));
    files++;
    total += bytes;
    data += dataBytes;
    if (file === join(root, 'index', 'page-data.json')) {
      home = {
        bytes,
        dataBytes,
        envelope: bytes - dataBytes,
        envelopeGzip: envelopeGzip(text, json),
        // Head tags (title, meta, JSON-LD) travel in the envelope for client navigation.
        headBytes:
          json.result?.head === undefined ? 0 : Buffer.byteLength(JSON.stringify(json.result.head)),
      };
    }
  }
  return { files, total, data, envelopeAvg: files ? (total - data) / files : 0, home };
}

/**
 * Gzip bytes of the whole file minus gzip bytes of the data alone: what the envelope costs on the
 * wire.
 * @param {string} text
 * @param {PageData} json
 */
function envelopeGzip(text, json) {
  const whole = gzipSync(text, { level: 9 }).length;
  const data =
    json.result?.data === undefined
      ? 0
      : gzipSync(JSON.stringify(json.result.data), { level: 9 }).length;
  return whole - data;
}
