// Real: folders, links and renames in a temporary directory, `rm -rf` in the background or the
// deletion in this process, a `sleep` process standing for a deletion that still runs. Faked: the
// builds (a staging folder of one file), EIO (a fault passed to the swap).
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { besideOutput } from '../../test/helpers.ts';
import { SsgError } from '../errors.ts';
import { faultOf } from '../shared/fault.ts';
import { removal, removeLeftovers } from './leftovers.ts';
import { swapIntoPlace } from './swap.ts';

/** A process id no process has now: a child that ran and ended. */
const deadPid = (): number => spawnSync('true').pid ?? 0;

const parentOf = (): string => mkdtempSync(path.join(tmpdir(), 'ssg-swap-'));

/** A finished build of one page saying `text`, swapped into `out`. */
async function deploy(out: string, text: string, fault?: string): Promise<void> {
  const staging = path.join(path.dirname(out), `.out.staging-${process.pid}`);
  mkdirSync(staging);
  writeFileSync(path.join(staging, 'index.html'), text);
  await swapIntoPlace(staging, out, faultOf(fault));
}
/** As the CLI deletes leftovers: `rm -rf` in a detached process. */
const background = removal(true);
const page = (out: string) => readFileSync(path.join(out, 'index.html'), 'utf8');

/** Until the background deletions are done: the output, its build, and nothing else. */
const onlyCurrentLeft = (out: string) =>
  expect
    .poll(() => besideOutput(out), { timeout: 15_000, interval: 50 })
    .toMatchObject({ previous: [], other: [] });

const sleeper = spawn('sleep', ['60']);
afterAll(() => sleeper.kill());

describe('the swap', () => {
  it('makes the output a link to the new build, and keeps the previous build until the next build starts', async () => {
    const out = path.join(parentOf(), 'out');
    await deploy(out, 'A');
    expect(lstatSync(out).isSymbolicLink()).toBe(true);
    expect(readlinkSync(out)).toMatch(/^\.out\.build-[0-9a-z]+$/); // relative: the folder can move
    const first = readlinkSync(out);
    await deploy(out, 'B');
    expect(page(out)).toBe('B');
    // a reader that resolved the path just before the swap still finds its file
    expect(besideOutput(out).previous).toEqual([first]);
    expect(readFileSync(path.join(path.dirname(out), first, 'index.html'), 'utf8')).toBe('A');
    await removeLeftovers(out, background); // the next build starts
    await onlyCurrentLeft(out);
    expect(page(out)).toBe('B');
  });

  it('turns an output that is a real folder into a link once, keeping the folder as the previous build', async () => {
    const out = path.join(parentOf(), 'out');
    mkdirSync(out);
    writeFileSync(path.join(out, 'index.html'), 'old');
    await deploy(out, 'new');
    expect(lstatSync(out).isSymbolicLink()).toBe(true);
    expect(page(out)).toBe('new');
    const [previous] = besideOutput(out).previous;
    expect(readFileSync(path.join(path.dirname(out), previous ?? '', 'index.html'), 'utf8')).toBe(
      'old',
    );
  });

  it('fails with SWAP_FAILED saying the output holds the new build when an error follows the swap', async () => {
    const out = path.join(parentOf(), 'out');
    await deploy(out, 'A');
    const failure = await deploy(out, 'B', 'after-swap:EIO').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SsgError);
    expect((failure as SsgError).code).toBe('SWAP_FAILED');
    expect((failure as SsgError).message).toContain('EIO');
    expect((failure as SsgError).message).toContain('The output holds the new build, whole');
    expect(page(out)).toBe('B');
  });
});

describe('an output path that holds nothing to serve', () => {
  // each: what a person or a kill did to the output path after two builds
  it.each([
    ['removed by hand (rm -rf removes only the link)', 'B', (out: string) => rmSync(out)],
    [
      'made again as an empty folder',
      'B',
      (out: string) => {
        rmSync(out);
        mkdirSync(out);
      },
    ],
    [
      'a link to a build folder that is gone',
      'A',
      (out: string) => rmSync(path.join(path.dirname(out), readlinkSync(out)), { recursive: true }),
    ],
  ])('%s: the next build puts the newest whole build back first (%s)', async (_, newest, harm) => {
    const out = path.join(parentOf(), 'out');
    await deploy(out, 'A');
    await deploy(out, 'B');
    harm(out);
    const restored = await removeLeftovers(out, background);
    expect(restored).toMatch(/^\.out\.build-/);
    expect(page(out)).toBe(newest);
    await onlyCurrentLeft(out);
  });

  it('never gets a build folder whose deletion was cut short', async () => {
    const out = path.join(parentOf(), 'out');
    await deploy(out, 'A');
    await deploy(out, 'B');
    const [older] = besideOutput(out).previous;
    rmSync(out);
    // the newest build's deletion began and died: its mark is there, the folder is partial
    const newest = path.join(path.dirname(out), readdirSync(path.dirname(out)).sort().at(-1) ?? '');
    writeFileSync(`${newest}.deleting`, String(deadPid()));
    expect(await removeLeftovers(out, background)).toBe(older);
    expect(page(out)).toBe('A');
  });
});

describe('leftovers beside the output', () => {
  const withOutput = async () => {
    const out = path.join(parentOf(), 'out');
    await deploy(out, 'A');
    return out;
  };
  const retired = (parent: string, pid: number) => {
    const dir = path.join(parent, `.out.staging-${pid}.old-x1`);
    mkdirSync(dir);
    for (let i = 0; i < 20; i++) writeFileSync(path.join(dir, `${i}.html`), 'x');
    return dir;
  };

  it('are deleted in the background, marks and all', async () => {
    const out = await withOutput();
    retired(path.dirname(out), deadPid());
    symlinkSync('.out.staging-1', path.join(path.dirname(out), `.out.link-${deadPid()}`));
    await removeLeftovers(out, background);
    await onlyCurrentLeft(out);
  });

  it('are deleted by this process before its removal settles, when not in the background', async () => {
    const out = await withOutput();
    retired(path.dirname(out), deadPid());
    const here = removal(false);
    await removeLeftovers(out, here);
    await here.settled();
    expect(besideOutput(out)).toMatchObject({ previous: [], other: [] });
  });

  it('are left to the deletion that still runs, and taken over when it stopped', async () => {
    const out = await withOutput();
    const dir = retired(path.dirname(out), deadPid());
    writeFileSync(`${dir}.deleting`, String(sleeper.pid));
    await removeLeftovers(out, background);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(dir)).toBe(true); // not a second deletion of the same folder
    writeFileSync(`${dir}.deleting`, String(deadPid()));
    await removeLeftovers(out, background);
    await onlyCurrentLeft(out);
  });

  it('include the mark of a folder whose deletion stopped after the folder', async () => {
    const out = await withOutput();
    writeFileSync(path.join(path.dirname(out), `.out.staging-${deadPid()}.old-x1.deleting`), '1');
    await removeLeftovers(out, background);
    expect(besideOutput(out)).toMatchObject({ previous: [], other: [] });
  });
});
