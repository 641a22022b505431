// A file's stamp as the output record holds it: size, inode and time. A file edited, replaced or
// touched since it was recorded has another. Plain JavaScript: worker threads use it too.

/**
 * @param {{ size: number, ino: number, mtimeMs: number }} info a stat of the file
 * @returns {string}
 */
export const stampOfStats = (info) => `${info.size}:${info.ino}:${info.mtimeMs}`;
