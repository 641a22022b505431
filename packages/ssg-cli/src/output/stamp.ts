// A file's stamp as the output record holds it: size, inode and time. A file edited, replaced or
// touched since it was recorded has another.
import type { Stats } from 'node:fs';

export const stampOfStats = (info: Pick<Stats, 'size' | 'ino' | 'mtimeMs'>): string =>
  `${info.size}:${info.ino}:${info.mtimeMs}`;
