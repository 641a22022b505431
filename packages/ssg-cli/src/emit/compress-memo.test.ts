// Real: the memo folder on disk, brotli and gzip through compressWritten. Faked: an entry's age (utimes).
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressSettings, compressWritten } from './compress.ts';
import { memoSiblings, pruneMemo } from './compress-memo.ts';

const temp = () => mkdtempSync(path.join(tmpdir(), 'ssg-memo-'));
const chunk = Buffer.from(`export const text = ${JSON.stringify('página '.repeat(400))};\n`);

/** An output folder holding the chunk as a build's client bundle would. */
function outputWithChunk(): string {
  const out = temp();
  mkdirSync(path.join(out, '_ssg'));
  writeFileSync(path.join(out, '_ssg/app-abc.js'), chunk);
  return out;
}

describe('the memo of compressed client files', () => {
  it('gives a second output folder the same .br and .gz without compressing again', async () => {
    const memo = path.join(temp(), 'compressed');
    const first = outputWithChunk();
    await compressWritten(first, ['_ssg/app-abc.js'], memo);
    const br = readFileSync(path.join(first, '_ssg/app-abc.js.br'));
    const gz = readFileSync(path.join(first, '_ssg/app-abc.js.gz'));
    expect(brotliDecompressSync(br)).toEqual(chunk);
    expect(gunzipSync(gz)).toEqual(chunk);

    const second = outputWithChunk();
    let made = 0;
    const again = async () => {
      made++;
      return [Buffer.from('new'), Buffer.from('new')] as const;
    };
    const file = path.join(second, '_ssg/app-abc.js');
    await memoSiblings(memo, file, chunk, again, compressSettings('chunk'));
    expect(made).toBe(0);
    expect(readFileSync(path.join(second, '_ssg/app-abc.js.br'))).toEqual(br);
    expect(readFileSync(path.join(second, '_ssg/app-abc.js.gz'))).toEqual(gz);
    // a release that compresses otherwise does not take the old bytes
    await memoSiblings(memo, file, chunk, again, 'brotli-5 gzip-6');
    expect(made).toBe(1);
  });

  it('compresses again when the memo holds only half an entry, and completes it', async () => {
    const memo = path.join(temp(), 'compressed');
    await compressWritten(outputWithChunk(), ['_ssg/app-abc.js'], memo);
    const entries = readdirSync(memo).sort();
    const gz = entries.find((name) => name.endsWith('.gz')) ?? 'no .gz entry';
    rmSync(path.join(memo, gz));
    const out = outputWithChunk();
    let made = 0;
    const make = async () => {
      made++;
      return [Buffer.from('br'), Buffer.from('gz')] as const;
    };
    await memoSiblings(
      memo,
      path.join(out, '_ssg/app-abc.js'),
      chunk,
      make,
      compressSettings('chunk'),
    );
    expect(made).toBe(1);
    expect(readFileSync(path.join(out, '_ssg/app-abc.js.gz'), 'utf8')).toBe('gz');
    expect(readdirSync(memo).sort()).toEqual(entries);
  });

  it('removes the entries no build used for a fortnight, and keeps the others', async () => {
    const memo = temp();
    writeFileSync(path.join(memo, 'old.br'), 'x');
    writeFileSync(path.join(memo, 'recent.br'), 'x');
    const now = Date.now();
    const fifteenDaysAgo = new Date(now - 15 * 24 * 3600 * 1000);
    utimesSync(path.join(memo, 'old.br'), fifteenDaysAgo, fifteenDaysAgo);
    await pruneMemo(memo, now);
    expect(readdirSync(memo)).toEqual(['recent.br']);
  });
});
