// Real: files, folders and links in a temporary folder, written by both writers (the writer thread
// and the calling thread). Faked: EACCES (a fault passed to the writer), as root may write anywhere.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWorker } from '../child-module.ts';
import { stampOf } from '../incremental/output-record.ts';
import { faultOf } from '../shared/fault.ts';
import {
  type FileBatch,
  type FileContents,
  type FileWriter,
  openWriter,
  type PlacedIn,
  writeFiles,
} from './writer.ts';

// the writer thread still starts; the test only counts it
vi.mock('../child-module.ts', async (original) => {
  const actual = await original<typeof import('../child-module.ts')>();
  return { ...actual, startWorker: vi.fn(actual.startWorker) };
});

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ssg-write-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  vi.mocked(startWorker).mockClear();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** 600 pages' HTML and data, as emit names them: a few batches. */
const site = (): Map<string, FileContents> => {
  const files = new Map<string, FileContents>();
  for (let i = 0; i < 600; i++) {
    files.set(`/p/${i}/index.html`, `<!doctype html><p>page ${i}</p>`);
    files.set(`/page-data/p/${i}/page-data.json`, () => `{"path":"/p/${i}/"}\n`);
  }
  return files;
};

describe.each([
  ['on its own thread', true],
  ['on the calling thread', false],
])('the output writer %s', (_, thread) => {
  it('writes every file in its folder with its bytes, links the ones asked, and stamps the written', async () => {
    const root = tempDir();
    const last = tempDir();
    writeFileSync(path.join(last, 'same.html'), '<p>page 7</p>');
    const writer = openWriter(root, 10, { thread });
    await writer.mkdirs([path.join(root, 'p', '0'), path.join(root, 'p', '1')]);
    const files = site();
    files.set('/p/7/index.html', '<p>page 7</p>');
    const how = new Map<string, PlacedIn>();
    await writeFiles(writer, files, {
      // the last output holds page 7 and page 8's file is gone since: 7 linked, 8 written
      linkFrom: (name) =>
        name === '/p/7/index.html'
          ? path.join(last, 'same.html')
          : name === '/p/8/index.html'
            ? path.join(last, 'gone.html')
            : undefined,
      placed: async (name, _file, _data, placed) => {
        how.set(name, placed);
      },
    });
    await writer.close();
    // the switch passed picks the thread (10 files would be written on the calling one)
    expect(vi.mocked(startWorker).mock.calls.length).toBe(thread ? 1 : 0);

    expect(readdirSync(path.join(root, 'p')).length).toBe(600);
    expect(readFileSync(path.join(root, 'p/599/index.html'), 'utf8')).toBe(
      '<!doctype html><p>page 599</p>',
    );
    expect(readFileSync(path.join(root, 'page-data/p/42/page-data.json'), 'utf8')).toBe(
      '{"path":"/p/42/"}\n',
    );
    expect(statSync(path.join(root, 'p/7/index.html')).ino).toBe(
      statSync(path.join(last, 'same.html')).ino,
    );
    expect(how.get('/p/7/index.html')).toEqual({ from: path.join(last, 'same.html') });
    expect(how.get('/p/8/index.html')?.from).toBeUndefined();
    expect(how.size).toBe(1200);
    // the next build checks the output against these: they must be what a stat finds
    for (const name of ['/p/0/index.html', '/p/8/index.html', '/page-data/p/599/page-data.json'])
      expect(how.get(name)?.stamp).toBe(stampOf(path.join(root, name)));
  });

  it('stops at the first failure: the error says why, and nothing lands after it', async () => {
    const root = tempDir();
    const writer = openWriter(root, 10, { thread, fault: faultOf('write:EACCES') });
    await expect(writeFiles(writer, site())).rejects.toMatchObject({
      code: 'EACCES',
      message: expect.stringContaining('EACCES: injected by SSG_FAULT at "write"'),
    });
    await writer.close();
    expect(readdirSync(path.join(root, 'p'))).toEqual(['0']);
    expect(() => readdirSync(path.join(root, 'page-data'))).toThrow(/ENOENT/);
  });

  it('a folder that cannot be made fails the write that needs it, with the system error', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'p'), 'a file where a folder should be');
    const writer = openWriter(root, 10, { thread });
    await expect(writeFiles(writer, site())).rejects.toMatchObject({ code: 'ENOTDIR' });
    await writer.close();
  });

  it('once closed, writes nothing more', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'p'));
    const writer = openWriter(root, 10, { thread });
    await writer.close();
    const late = { buffer: new ArrayBuffer(1), files: [{ name: '/p/late.html', length: 1 }] };
    await expect(writer.write(late)).rejects.toThrow('The output writer is closed.');
    expect(readdirSync(path.join(root, 'p'))).toEqual([]);
  });
});

describe('the batches handed to the writer thread', () => {
  it('move each batch to the thread in one buffer, not a copy, and reuse a few buffers for every file', async () => {
    const root = tempDir();
    const real = openWriter(root, 10, { thread: true });
    const back = new Set<ArrayBuffer>();
    let batches = 0;
    let fresh = 0;
    let copied = 0;
    const writer: FileWriter = {
      root,
      mkdirs: (dirs) => real.mkdirs(dirs),
      async write(batch: FileBatch) {
        batches++;
        if (!back.has(batch.buffer)) fresh++;
        const placed = real.write(batch);
        // moved to the thread: this side's buffer is detached until the thread gives it back
        if (batch.buffer.byteLength > 0) copied++;
        const done = await placed;
        back.add(done.buffer);
        return done;
      },
      close: () => real.close(),
    };
    const files = new Map<string, FileContents>();
    for (let i = 0; i < 5000; i++) files.set(`/f/${i}.txt`, `file ${i} ${'x'.repeat(i % 90)}\n`);
    await writeFiles(writer, files);
    await writer.close();

    expect(readFileSync(path.join(root, 'f/4999.txt'), 'utf8')).toBe(
      `file 4999 ${'x'.repeat(49)}\n`,
    );
    expect(readdirSync(path.join(root, 'f')).length).toBe(5000);
    expect(batches).toBeGreaterThanOrEqual(19);
    expect(copied).toBe(0);
    // four batches in flight and one being filled: the rest travel in buffers that came back
    expect(fresh).toBeLessThanOrEqual(5);
  });
});
