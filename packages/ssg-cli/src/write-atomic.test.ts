// Real: files, links and permissions in a temporary folder. Faked: nothing (the umask is set for one test).
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAtomic } from './write-atomic.ts';

const folder = () => mkdtempSync(path.join(tmpdir(), 'ssg-write-atomic-'));

describe('writeAtomic', () => {
  it('replaces the file, and leaves nothing else in the folder', async () => {
    const dir = folder();
    const file = path.join(dir, 'record.json');
    writeFileSync(file, 'old');
    await writeAtomic(file, '{"new":true}');
    await writeAtomic(path.join(dir, 'bytes'), new Uint8Array([1, 2, 3]));
    expect(readFileSync(file, 'utf8')).toBe('{"new":true}');
    expect([...readFileSync(path.join(dir, 'bytes'))]).toEqual([1, 2, 3]);
    expect(readdirSync(dir).sort()).toEqual(['bytes', 'record.json']);
  });

  it('replaces a link at the name instead of writing through it', async () => {
    const dir = folder();
    const outside = path.join(dir, 'outside.txt');
    writeFileSync(outside, 'not yours');
    const file = path.join(dir, 'file.txt');
    symlinkSync(outside, file);
    await writeAtomic(file, 'mine');
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect(readFileSync(outside, 'utf8')).toBe('not yours');
  });

  it('gives the file exactly the mode asked for, whatever the umask', async () => {
    const dir = folder();
    const file = path.join(dir, 'chunk');
    const umask = process.umask(0o077);
    try {
      await writeAtomic(file, 'x', { mode: 0o444 });
    } finally {
      process.umask(umask);
    }
    expect(statSync(file).mode & 0o777).toBe(0o444);
  });

  it('lets two writes of one file at once both land, one after the other', async () => {
    const dir = folder();
    const file = path.join(dir, 'memo');
    await Promise.all([
      writeAtomic(file, 'a'.repeat(100_000)),
      writeAtomic(file, 'b'.repeat(100_000)),
    ]);
    expect(readFileSync(file, 'utf8')).toMatch(/^(a{100000}|b{100000})$/);
    expect(readdirSync(dir)).toEqual(['memo']);
  });

  it('fails when the name cannot be replaced, and leaves no scratch file', async () => {
    const dir = folder();
    const file = path.join(dir, 'taken');
    mkdirSync(path.join(file, 'inside'), { recursive: true });
    await expect(writeAtomic(file, 'x')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
  });
});
