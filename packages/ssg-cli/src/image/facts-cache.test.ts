// Real: the image service reading photos with one cache folder across two services (builds), and sharp reading their headers. Faked: the photos (synthetic); sharp is wrapped to count the images it opens in this process; nothing is encoded (not eager, no placeholder).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../test/helpers.ts';
import { photoJpeg } from '../../test/photos.ts';
import { createImagePipeline } from './pipeline.ts';

const opened = vi.hoisted(() => ({ files: [] as unknown[] }));
vi.mock('sharp', async (original) => {
  const actual = (await original<{ default: typeof import('sharp') }>()).default;
  const counted = (...args: Parameters<typeof actual>) => {
    opened.files.push(args[0]);
    return actual(...args);
  };
  return { default: Object.assign(counted, actual) };
});

let contentDir: string;
let wide: Buffer;
let tall: Buffer;
beforeAll(async () => {
  contentDir = tempDir('ssg-facts-');
  [wide, tall] = await Promise.all([photoJpeg(1200, 800, 3), photoJpeg(800, 1200, 4)]);
  writeFileSync(path.join(contentDir, 'foto.jpg'), wide);
}, 60_000);

describe('a photo read again by a later build with the same cache', () => {
  it('is described without sharp opening it, the same as the first time; a changed file is read again', async () => {
    const cacheDir = path.join(tempDir(), 'cache');
    const service = () => createImagePipeline({ contentDir, cacheDir, eager: false });
    const asked = { placeholder: 'none' } as const;
    opened.files.length = 0;
    const first = await service().getImage('foto.jpg', asked);
    expect(opened.files.length).toBeGreaterThan(0);

    opened.files.length = 0;
    const again = await service().getImage('foto.jpg', asked);
    expect(opened.files).toEqual([]);
    expect(again).toEqual(first);

    // same name, new picture: its digest differs, so its header is read and its size is new
    writeFileSync(path.join(contentDir, 'foto.jpg'), tall);
    opened.files.length = 0;
    const changed = await service().getImage('foto.jpg', asked);
    expect(opened.files.length).toBeGreaterThan(0);
    expect(changed.height).toBeGreaterThan(changed.width);
    expect(changed.src).not.toBe(first.src);
  });
});
