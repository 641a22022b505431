// Real: the `ssg` command in a child process, on the mini fixture site. Faked: nothing.
import { spawnSync } from 'node:child_process';
import { statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contentCopy, MINI_CONTENT, MINI_SITE, tempDir } from './helpers.ts';

const BIN = path.resolve(import.meta.dirname, '../bin/ssg.mjs');
const ssg = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('ssg command', () => {
  it('builds and ends with a summary of pages, bytes and stage times', () => {
    const out = path.join(tempDir(), 'out');
    const run = ssg('build', '--site', MINI_SITE, '--content', MINI_CONTENT, '--out', out);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Built 5 pages of brand main/);
    expect(run.stdout).toMatch(/bytes: HTML [\d.]+ kB · JS [\d.]+ kB/);
    expect(run.stdout).toMatch(
      /stages: config \d+ ms · content \d+ ms · routes \d+ ms · bundle \d+ ms · render \d+ ms · emit \d+ ms · service-worker \d+ ms/,
    );
  });

  it('exits 2 with the usage line on an unknown option or command', () => {
    for (const args of [
      ['build', '--colour'],
      ['deploy'],
      ['build', '--trailing-slash', 'sometimes'],
    ]) {
      const run = ssg(...args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage:');
      expect(run.stderr).toContain('ssg build [--out DIR]');
    }
  });

  it('prints the usage and exits 0 when asked for help, before or after a command', () => {
    for (const args of [['--help'], ['help'], ['build', '--help'], ['serve', '-h']]) {
      const run = ssg(...args);
      expect(run.status, args.join(' ')).toBe(0);
      expect(run.stdout, args.join(' ')).toContain('ssg build [--out DIR]');
      expect(run.stderr, args.join(' ')).toBe('');
    }
  });

  it('exits 2 naming the brands when the brand is unknown', () => {
    const run = ssg('build', '--site', MINI_SITE, '--content', MINI_CONTENT, '--brand', 'pet');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      '--brand "pet" is not a brand of this site; the brands are main, alt.',
    );
  });

  it('exits 1 on bad content, naming the file, the field, the value and what is expected', () => {
    const content = contentCopy();
    writeFileSync(
      path.join(content, 'site.json'),
      JSON.stringify({ name: 42, tagline: 'x', pages: [] }),
    );
    const run = ssg(
      'build',
      '--site',
      MINI_SITE,
      '--content',
      content,
      '--out',
      path.join(tempDir(), 'out'),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('site.json at name (found 42): Expected a string.');
    expect(run.stderr).toContain('nothing was written');
  });
});
