// Real: writeOutput writing pages and the client's .br/.gz into a temporary folder with the real
// writer, zlib and memo folder. Faked: the output in memory (two pages, one chunk), a writer that
// holds the pages until the chunk's siblings exist (bounded), to see what runs at once, and a memo
// entry planted by hand, to see where a page's siblings came from.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientBundle } from '../bundle/index.ts';
import { type FileWriter, openWriter } from '../output/writer.ts';
import { BROTLI_QUALITY, compressSettings } from './compress.ts';
import type { Output } from './output.ts';
import { writeOutput } from './write-output.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const chunk = `export const text = ${JSON.stringify('página '.repeat(2000))};\n`;
const client: ClientBundle = {
  entry: '/_ssg/app-abc.js',
  entryChunks: { js: ['/_ssg/app-abc.js'] },
  components: {},
  styles: '',
  files: ['/_ssg/app-abc.js'],
};

const home = `<!doctype html><p>${'início '.repeat(300)}</p>`;
const pages = new Map([
  ['/index.html', () => home],
  ['/a/index.html', () => `<!doctype html><p>${'a '.repeat(900)}</p>`],
]);
const output = (): Output => ({
  names: [...pages.keys()],
  *files() {
    yield* pages;
  },
  fixed: new Map(),
  compilationHash: 'h',
  revisions: new Map(),
  finish: () => [],
  pageCount: 2,
});

/** The staging writer, holding the pages until `ready()` (or 5 s) and saying what it saw then. */
function holdingWriter(root: string, ready: () => boolean) {
  const real = openWriter(root, 2, { thread: false });
  const seen: boolean[] = [];
  const writer: FileWriter = {
    root,
    mkdirs: (dirs) => real.mkdirs(dirs),
    async write(entries) {
      for (let waited = 0; !ready() && waited < 5000; waited += 10) await sleep(10);
      seen.push(ready());
      return real.write(entries);
    },
    close: () => real.close(),
  };
  return { writer, seen };
}

describe('emit writing the output', () => {
  it('compresses the client bundle while the pages are written, not after them', async () => {
    const staging = mkdtempSync(path.join(tmpdir(), 'ssg-emit-'));
    dirs.push(staging);
    mkdirSync(path.join(staging, '_ssg'));
    writeFileSync(path.join(staging, '_ssg/app-abc.js'), chunk);
    const br = path.join(staging, '_ssg/app-abc.js.br');
    const { writer, seen } = holdingWriter(staging, () => existsSync(br));

    await writeOutput(output(), {
      stagingDir: staging,
      compress: 'all',
      client,
      copied: [],
      writer,
    });

    // the pages' batch was placed once the chunk's siblings existed: both ran at once
    expect(seen).toEqual([true]);
    expect(brotliDecompressSync(readFileSync(br)).toString()).toBe(chunk);
    for (const page of ['index.html', 'a/index.html'])
      expect(existsSync(path.join(staging, `${page}.br`))).toBe(true);
  });

  it("copies a page's .br and .gz from the site's memo when an earlier build made them for the same bytes", async () => {
    const staging = mkdtempSync(path.join(tmpdir(), 'ssg-emit-'));
    const memo = mkdtempSync(path.join(tmpdir(), 'ssg-memo-'));
    dirs.push(staging, memo);
    mkdirSync(path.join(staging, '_ssg'));
    writeFileSync(path.join(staging, '_ssg/app-abc.js'), chunk);
    // what another brand's or folder's build left for these bytes under these settings
    const key = hashOf(home);
    writeFileSync(path.join(memo, `${key}.br`), 'br made before');
    writeFileSync(path.join(memo, `${key}.gz`), 'gz made before');
    const input = { stagingDir: staging, compress: 'all' as const, client, copied: [] };

    await writeOutput(output(), { ...input, compressedDir: memo });

    expect(readFileSync(path.join(staging, 'index.html.br'), 'utf8')).toBe('br made before');
    expect(readFileSync(path.join(staging, 'index.html.gz'), 'utf8')).toBe('gz made before');
    // the other page was compressed, and kept for the next build
    const other = readFileSync(path.join(staging, 'a/index.html.br'));
    expect(brotliDecompressSync(other).toString()).toBe(
      `<!doctype html><p>${'a '.repeat(900)}</p>`,
    );
    expect(
      readFileSync(path.join(memo, `${hashOf(`<!doctype html><p>${'a '.repeat(900)}</p>`)}.br`)),
    ).toEqual(other);
  });

  it("takes the client's siblings started when it was bundled, not compressing its chunks again", async () => {
    const staging = mkdtempSync(path.join(tmpdir(), 'ssg-emit-'));
    dirs.push(staging);
    mkdirSync(path.join(staging, '_ssg'));
    writeFileSync(path.join(staging, '_ssg/app-abc.js'), chunk);
    // what the build's job started after stage "bundle" wrote while the pages rendered
    for (const ext of ['br', 'gz'])
      writeFileSync(path.join(staging, `_ssg/app-abc.js.${ext}`), `${ext} made ahead`);
    const clientSiblings = Promise.resolve();

    await writeOutput(output(), {
      stagingDir: staging,
      compress: 'all',
      client,
      copied: [],
      clientSiblings,
    });

    expect(readFileSync(path.join(staging, '_ssg/app-abc.js.br'), 'utf8')).toBe('br made ahead');
    expect(readFileSync(path.join(staging, '_ssg/app-abc.js.gz'), 'utf8')).toBe('gz made ahead');
    // the pages' siblings are still made here
    expect(existsSync(path.join(staging, 'index.html.br'))).toBe(true);
  });

  it("compresses the client's chunks at brotli 11 and the pages at a lower, cheaper quality", async () => {
    const staging = mkdtempSync(path.join(tmpdir(), 'ssg-emit-'));
    dirs.push(staging);
    mkdirSync(path.join(staging, '_ssg'));
    writeFileSync(path.join(staging, '_ssg/app-abc.js'), chunk);

    await writeOutput(output(), { stagingDir: staging, compress: 'all', client, copied: [] });

    const page = `<!doctype html><p>${'a '.repeat(900)}</p>`;
    const br = (file: string) => readFileSync(path.join(staging, `${file}.br`));
    expect(br('_ssg/app-abc.js')).toEqual(brotliAt(11, chunk));
    expect(BROTLI_QUALITY.page).toBeLessThan(11);
    expect(br('a/index.html')).toEqual(brotliAt(BROTLI_QUALITY.page, page));
    expect(br('a/index.html')).not.toEqual(brotliAt(11, page));
    expect(brotliDecompressSync(br('a/index.html')).toString()).toBe(page);
  });
});

const brotliAt = (quality: number, text: string) =>
  brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });

const hashOf = (text: string) =>
  createHash('sha256')
    .update(`${compressSettings('page')}\n`)
    .update(text)
    .digest('hex');
