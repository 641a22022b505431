// Real: files in a temporary folder, their sizes and modification times. Nothing faked.
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestInputs } from './input-digest.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'ssg-input-digest-'));
const file = (name: string, text: string): string => {
  const at = path.join(folder, name);
  writeFileSync(at, text);
  return at;
};

describe('digestInputs', () => {
  it('takes an unchanged file (same size and mtime) from its stamp, without reading it', async () => {
    const photo = file('photo.jpg', 'bytes of a photo');
    const first = await digestInputs([photo]);
    const stamp = first.stamps[photo];
    if (!stamp) throw new Error('no stamp');
    // a stamp whose digest is not the file's: only a read would notice
    const known = { [photo]: [stamp[0], stamp[1], 'digest-from-the-last-build'] as typeof stamp };
    const second = await digestInputs([photo], known);
    expect(second.stamps[photo]?.[2]).toBe('digest-from-the-last-build');
    expect(second.digest).not.toBe(first.digest);
  });

  it('reads a file again when its mtime or size changed, and sees a missing file', async () => {
    const page = file('page.tsx', 'export default 1;');
    const first = await digestInputs([page]);
    writeFileSync(page, 'export default 2;'); // same size, new bytes
    utimesSync(page, new Date(), new Date(Date.now() + 5_000));
    const changed = await digestInputs([page], first.stamps);
    expect(changed.digest).not.toBe(first.digest);
    const gone = await digestInputs([path.join(folder, 'gone.tsx')]);
    expect(gone.stamps).toEqual({});
    expect(gone.digest).not.toBe((await digestInputs([])).digest);
  });
});
