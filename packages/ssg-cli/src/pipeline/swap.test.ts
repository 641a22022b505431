// Real: folders in a temporary directory, `rm -rf` in the background, a `sleep` process standing for
// a deletion that still runs. Faked: the leftovers (made here as a killed build would leave them).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeLeftovers, swapIntoPlace } from './swap.ts';

/** A process id no process has now: a child that ran and ended. */
const deadPid = (): number => spawnSync('true').pid ?? 0;

function folderOf(): string {
  const parent = mkdtempSync(path.join(tmpdir(), 'ssg-swap-'));
  mkdirSync(path.join(parent, 'out'));
  return parent;
}
const retired = (parent: string, pid: number) => {
  const dir = path.join(parent, `.out.staging-${pid}.old-x1`);
  mkdirSync(dir);
  for (let i = 0; i < 20; i++) writeFileSync(path.join(dir, `${i}.html`), 'x');
  return dir;
};
const onlyOutputLeft = (parent: string) =>
  expect.poll(() => readdirSync(parent), { timeout: 15_000, interval: 50 }).toEqual(['out']);

const sleeper = spawn('sleep', ['60']);
afterAll(() => sleeper.kill());

describe('leftovers beside the output', () => {
  it('are deleted in the background, marks and all', async () => {
    const parent = folderOf();
    retired(parent, deadPid());
    await removeLeftovers(path.join(parent, 'out'));
    await onlyOutputLeft(parent);
  });

  it('are left to the deletion that still runs, and taken over when it stopped', async () => {
    const parent = folderOf();
    const dir = retired(parent, deadPid());
    writeFileSync(`${dir}.deleting`, String(sleeper.pid));
    await removeLeftovers(path.join(parent, 'out'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(dir)).toBe(true); // not a second deletion of the same folder
    writeFileSync(`${dir}.deleting`, String(deadPid()));
    await removeLeftovers(path.join(parent, 'out'));
    await onlyOutputLeft(parent);
  });

  it('include the mark of a folder whose deletion stopped after the folder', async () => {
    const parent = folderOf();
    writeFileSync(path.join(parent, `.out.staging-${deadPid()}.old-x1.deleting`), '1');
    await removeLeftovers(path.join(parent, 'out'));
    expect(readdirSync(parent)).toEqual(['out']);
  });

  it('include the previous output a swap retired', async () => {
    const parent = folderOf();
    const staging = path.join(parent, `.out.staging-${process.pid}`);
    mkdirSync(staging);
    writeFileSync(path.join(staging, 'index.html'), 'new');
    await swapIntoPlace(staging, path.join(parent, 'out'));
    await onlyOutputLeft(parent);
  });
});
