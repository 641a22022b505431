/**
 * What an image's header says (SVG or not, upright size, alpha), kept by the digest of its bytes
 * beside the variants: a build whose variants are all cached then never loads sharp (~0.2 s of
 * CPU and libvips' memory) only to read sizes it read before. A changed file has a new digest.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomic } from '../write-atomic.ts';

export interface ImageFacts {
  format: 'svg' | 'raster';
  width: number;
  height: number;
  hasAlpha: boolean;
}

const fileOf = (dir: string, digest: string) => path.join(dir, `${digest}.json`);

const isFacts = (value: unknown): value is ImageFacts => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.format === 'svg' || v.format === 'raster') &&
    typeof v.width === 'number' &&
    typeof v.height === 'number' &&
    typeof v.hasAlpha === 'boolean'
  );
};

/** The facts kept for `digest`, or undefined (none yet, or a file that is not whole). */
export async function cachedFacts(dir: string, digest: string): Promise<ImageFacts | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(fileOf(dir, digest), 'utf8'));
    return isFacts(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the facts of `digest`; a failed write only means sharp reads the header next time. */
export async function keepFacts(dir: string, digest: string, facts: ImageFacts): Promise<void> {
  const { format, width, height, hasAlpha } = facts;
  await mkdir(dir, { recursive: true })
    .then(() =>
      writeAtomic(fileOf(dir, digest), JSON.stringify({ format, width, height, hasAlpha })),
    )
    .catch(() => {});
}
