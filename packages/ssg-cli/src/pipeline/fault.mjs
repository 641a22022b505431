import { existsSync } from 'node:fs';

/**
 * Fault injection for the crash-safety tests: `SSG_FAULT=<point>` kills the build with SIGKILL
 * when it reaches that point, `SSG_FAULT=<point>:<ERRNO>` makes the point fail with that error
 * (EACCES as root cannot be had otherwise), `SSG_FAULT=<point>:until=<file>` holds the build at that
 * point until the file exists (to start a second build at a known moment of the first).
 * Unset, every point is one string comparison.
 * Plain JavaScript: the output's writer thread (write-worker.mjs) reaches a point too.
 */

/**
 * @typedef {'render' | 'write' | 'before-swap' | 'mid-swap' | 'after-swap' | 'before-patch' | 'mid-patch'} FaultPoint
 * `render`: after the first page was rendered, before the others;
 * `write`: after the first output file was written into the staging folder, before the others;
 * `before-swap`: the staging folder is complete, the output not yet touched;
 * `mid-swap`: between the two renames, the previous output moved aside, the new one not yet in place;
 * `after-swap`: the new output is in place, the previous one not yet deleted;
 * `before-patch`: a patch's staging folder is complete, the output not yet touched;
 * `mid-patch`: the first of a patch's files moved into the output, the others not yet.
 */

/**
 * @param {FaultPoint} point
 * @returns {void}
 */
export function faultPoint(point) {
  const fault = process.env.SSG_FAULT;
  if (fault === undefined || !fault.startsWith(point)) return;
  if (fault === point) process.kill(process.pid, 'SIGKILL');
  const code = fault.slice(point.length + 1);
  if (fault[point.length] === ':' && code.startsWith('until=')) {
    const file = code.slice('until='.length);
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (!existsSync(file)) Atomics.wait(pause, 0, 0, 20);
    return;
  }
  if (fault[point.length] === ':' && /^E[A-Z]+$/.test(code)) {
    throw Object.assign(new Error(`${code}: injected by SSG_FAULT at "${point}"`), { code });
  }
}
