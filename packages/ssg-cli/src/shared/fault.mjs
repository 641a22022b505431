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
 * @typedef {'render' | 'write' | 'before-swap' | 'mid-swap' | 'mid-convert' | 'after-swap' | 'before-patch' | 'mid-patch'} FaultPoint
 * `render`: after the first page was rendered, before the others;
 * `write`: after the first output file was written into the staging folder, before the others;
 * `before-swap`: the staging folder is complete, the output not yet touched;
 * `mid-swap`: the new build folder and its link are made beside the output, the output not yet
 *   replaced (without links: the previous output moved aside, the new one not yet in place);
 * `mid-convert`: the first build into a real folder: the folder moved aside, the link not yet in
 *   its place (the one moment the output path is missing);
 * `after-swap`: the output links to the new build; the previous one is kept beside it;
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
