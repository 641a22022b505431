// Real child processes, real /proc and a real disk (a temporary folder); nothing is faked.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMeasured } from './measure.mjs';

const dir = mkdtempSync(join(tmpdir(), 'bench-measure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Running (a killed process may stay a zombie a moment until its new parent reaps it).
const alive = (/** @type {number} */ pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('runMeasured', () => {
  it('counts the bytes written by the whole process tree, grandchildren included', async () => {
    const script =
      'head -c 3000000 /dev/zero > a.bin; sh -c "head -c 2000000 /dev/zero > b.bin"; sync';
    const m = await runMeasured('sh', ['-c', script], { cwd: dir });
    expect(m.ok).toBe(true);
    expect(m.writeBytes).toBeGreaterThanOrEqual(4_900_000);
    expect(m.wchar).toBeGreaterThanOrEqual(5_000_000);
  });

  it('reports the exit code of the command, not of its wrapper', async () => {
    const m = await runMeasured('sh', ['-c', 'exit 3'], { cwd: dir });
    expect(m.ok).toBe(false);
    expect(m.code).toBe(3);
  });

  it('stops the whole process group when the time limit passes', async () => {
    const pidFile = join(dir, 'worker.pid');
    const script = `sleep 60 & echo $! > ${pidFile}; wait`;
    const m = await runMeasured('sh', ['-c', script], { cwd: dir, timeoutMs: 1500 });
    expect(m.timedOut).toBe(true);
    expect(m.ok).toBe(false);
    expect(existsSync(pidFile)).toBe(true);
    const worker = Number(readFileSync(pidFile, 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(worker)).toBe(false);
  });
});
