// Real: folders and renames in a temporary directory. Faked: a disk that refuses links (symlink() fails with EPERM, as on Windows without the right or on a FAT disk).
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { besideOutput } from '../../test/helpers.ts';
import { removal, removeLeftovers } from './leftovers.ts';
import { swapIntoPlace } from './swap.ts';

vi.mock('node:fs/promises', async (original) => ({
  ...(await original<typeof import('node:fs/promises')>()),
  symlink: () =>
    Promise.reject(Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' })),
}));

async function deploy(out: string, text: string): Promise<void> {
  const staging = path.join(path.dirname(out), `.out.staging-${process.pid}`);
  mkdirSync(staging);
  writeFileSync(path.join(staging, 'index.html'), text);
  await swapIntoPlace(staging, out);
}

describe('where links cannot be made', () => {
  it('the output is a real folder replaced by two renames, the previous one kept beside it', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'ssg-swap-')), 'out');
    await deploy(out, 'A');
    await deploy(out, 'B');
    expect(lstatSync(out).isDirectory()).toBe(true);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('B');
    expect(besideOutput(out)).toMatchObject({ other: [] });
    expect(besideOutput(out).previous).toHaveLength(1);
  });

  it('an output removed by hand gets the newest build back as a real folder', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'ssg-swap-')), 'out');
    await deploy(out, 'A');
    await deploy(out, 'B');
    rmSync(out, { recursive: true });
    expect(existsSync(out)).toBe(false);
    await removeLeftovers(out, removal(false));
    // B was the output: the one beside it is A, the newest build left
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('A');
  });
});
