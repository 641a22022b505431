// Real: writeOutput writing pages and the client's .br/.gz into a temporary folder with the real
// writer and zlib. Faked: the output in memory (two pages, one chunk) and a writer that holds the
// pages until the chunk's siblings exist (bounded), to see what runs at once.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientBundle } from '../bundle/index.ts';
import { type FileWriter, openWriter } from '../output/writer.ts';
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

const output = (): Output => ({
  files: new Map([
    ['/index.html', () => `<!doctype html><p>${'início '.repeat(300)}</p>`],
    ['/a/index.html', () => `<!doctype html><p>${'a '.repeat(900)}</p>`],
  ]),
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
});
