// Real: the body store's files in a temporary folder. Faked: nothing (bodies are short strings).
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BodyStore } from './body-store.ts';

const cacheFileIn = () => path.join(mkdtempSync(path.join(tmpdir(), 'body-store-')), 'c.json');

describe('BodyStore', () => {
  it('gives back each body as it was put, accents included, across flushes and a reopen', () => {
    const cacheFile = cacheFileIn();
    const store = BodyStore.open(cacheFile, undefined, 0);
    const refs = ['<p>Clínica</p>', '', 'x'.repeat(2 ** 20 + 5), '<h1>Página 2</h1>'].map(
      (body) => [body, store.put(body)] as const,
    );
    for (const [body, ref] of refs) expect(store.get(ref)).toBe(body);
    store.close();
    const again = BodyStore.open(cacheFile, store.file, store.live);
    expect(again.file).toBe(store.file); // nothing is garbage: the same file is appended to
    const later = again.put('<p>nova</p>');
    for (const [body, ref] of refs) expect(again.get(ref)).toBe(body);
    expect(again.get(later)).toBe('<p>nova</p>');
    again.close();
  });

  it('starts a new file when most of the old one is garbage, copying the bodies still used', () => {
    const cacheFile = cacheFileIn();
    const first = BodyStore.open(cacheFile, undefined, 0);
    const kept = first.put('<p>kept</p>');
    first.put('y'.repeat(10_000)); // a body no later build uses
    first.close();
    const previous = new BodyStore(first.file, 0);
    const next = BodyStore.open(cacheFile, first.file, kept[1]);
    expect(next.file).not.toBe(first.file);
    const copied = next.keep(kept, previous);
    expect(next.get(copied)).toBe('<p>kept</p>');
    next.close();
    previous.close();
    next.removeOthers(cacheFile);
    expect(existsSync(first.file)).toBe(false);
    expect(readdirSync(path.dirname(cacheFile))).toEqual([path.basename(next.file)]);
  });
});
