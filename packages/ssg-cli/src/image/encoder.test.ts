// Real: the encoder process forked from this test (sharp inside it), /proc to see it. Faked: nothing.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.ts';
import { SsgError } from '../errors.ts';
import { createEncoder } from './encoder.ts';

/** This process's children running the encoder: pid and environment (Linux /proc). */
function encoderChildren(): Array<{ pid: number; env: string[] }> {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (ppid !== process.pid || !cmd.includes('encoder-child')) return [];
        const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        return [{ pid: Number(pid), env }];
      } catch {
        return []; // gone meanwhile
      }
    });
}

const photo = async (dir: string) => {
  const file = path.join(dir, 'foto.jpg');
  const bytes = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#3a7' },
  })
    .jpeg()
    .toBuffer();
  writeFileSync(file, bytes);
  return file;
};

describe.runIf(process.platform === 'linux')('the encoder process', () => {
  it('encodes in a child process whose glibc arenas are capped, then ends when idle', async () => {
    const file = await photo(tempDir('ssg-encoder-'));
    const encoder = createEncoder({ idleMs: 300 });
    const job = {
      kind: 'resize',
      file,
      width: 320,
      height: 240,
      format: 'avif',
      quality: 50,
    } as const;
    const bytes = await encoder.run(job);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 320, 240]);
    const [child, ...more] = encoderChildren();
    expect(more).toEqual([]);
    expect(child?.env).toContain('MALLOC_ARENA_MAX=2');
    await expect.poll(() => encoderChildren().length, { timeout: 5_000 }).toBe(0);
    // and a new job starts a new one
    await encoder.run({ kind: 'blur', file, width: 800, height: 600 });
  }, 30_000);

  it('ends its process on close(), before its idle time: nothing of it is left once close settles', async () => {
    const file = await photo(tempDir('ssg-encoder-'));
    const encoder = createEncoder({ idleMs: 60_000 });
    await encoder.run({ kind: 'blur', file, width: 800, height: 600 });
    expect(encoderChildren()).toHaveLength(1);
    await encoder.close();
    expect(encoderChildren()).toEqual([]);
  }, 30_000);

  it('keeps the process it closes alive until its encoder has ended, with nothing else to wait on', async () => {
    const file = await photo(tempDir('ssg-encoder-'));
    // a fresh Node whose only work is the encoder: its idle child is unref'd when close() waits
    const script = [
      `const { createEncoder } = await import(${JSON.stringify(new URL('./encoder.ts', import.meta.url).href)});`,
      'const encoder = createEncoder({ idleMs: 60_000 });',
      `await encoder.run({ kind: 'blur', file: ${JSON.stringify(file)}, width: 800, height: 600 });`,
      'await encoder.close();',
      "console.log('closed');",
    ].join('\n');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    expect([run.status, run.stdout.trim()]).toEqual([0, 'closed']);
  }, 60_000);

  it("rejects a photo it cannot decode with sharp's message, and goes on with the next", async () => {
    const dir = tempDir('ssg-encoder-');
    const file = await photo(dir);
    const broken = path.join(dir, 'cortada.jpg');
    writeFileSync(broken, readFileSync(file).subarray(0, 400));
    const encoder = createEncoder({ idleMs: 100 });
    const job = { width: 100, height: 75, quality: 70 } as const;
    await expect(
      encoder.run({ kind: 'resize', file: broken, format: 'webp', ...job }),
    ).rejects.toThrow(/premature|corrupt|truncated|VipsJpeg/i);
    const ok = await encoder.run({ kind: 'resize', file, format: 'webp', ...job });
    expect((await sharp(ok).metadata()).format).toBe('webp');
  }, 30_000);

  it('fails the waiting jobs with IMAGE_ENCODER_FAILED when the process is killed', async () => {
    const file = await photo(tempDir('ssg-encoder-'));
    const encoder = createEncoder({ idleMs: 100 });
    const big = {
      kind: 'resize',
      file,
      width: 800,
      height: 600,
      format: 'avif',
      quality: 90,
    } as const;
    const waiting = encoder.run(big);
    await expect.poll(() => encoderChildren().length, { timeout: 10_000 }).toBe(1);
    for (const { pid } of encoderChildren()) process.kill(pid, 'SIGKILL');
    const error = await waiting.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SsgError);
    expect((error as SsgError).code).toBe('IMAGE_ENCODER_FAILED');
    expect((error as SsgError).message).toContain('SIGKILL');
    // the next job gets a new process
    expect((await sharp(await encoder.run(big)).metadata()).width).toBe(800);
  }, 30_000);
});
