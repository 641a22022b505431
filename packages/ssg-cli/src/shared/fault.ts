import { existsSync } from 'node:fs';

/**
 * Fault injection for the crash-safety tests, passed to a build as data (it reaches the output's
 * writer thread in its workerData): the build is killed with SIGKILL when it reaches `point`, or
 * the point fails with an errno (EACCES as root cannot be had otherwise), or holds until a file
 * exists (to start a second build at a known moment of the first). None: every point is a no-op.
 *
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
export const FAULT_POINTS = [
  'render',
  'write',
  'before-swap',
  'mid-swap',
  'mid-convert',
  'after-swap',
  'before-patch',
  'mid-patch',
] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

export type Fault =
  | { point: FaultPoint; does: 'kill' }
  | { point: FaultPoint; does: 'fail'; code: string }
  | { point: FaultPoint; does: 'hold'; until: string };

/**
 * The fault a `SSG_FAULT` value names: `<point>` kills, `<point>:<ERRNO>` fails with that error,
 * `<point>:until=<file>` holds; none for an empty value or one naming no point.
 */
export function faultOf(spec: string | undefined): Fault | undefined {
  if (!spec) return undefined;
  const colon = spec.indexOf(':');
  const name = colon === -1 ? spec : spec.slice(0, colon);
  const point = FAULT_POINTS.find((p) => p === name);
  if (!point) return undefined;
  if (colon === -1) return { point, does: 'kill' };
  const rest = spec.slice(colon + 1);
  if (rest.startsWith('until=')) return { point, does: 'hold', until: rest.slice('until='.length) };
  return /^E[A-Z]+$/.test(rest) ? { point, does: 'fail', code: rest } : undefined;
}

/** Reaching `point`: what `fault` says happens there, if it names it; else nothing. */
export function faultPoint(fault: Fault | undefined, point: FaultPoint): void {
  if (fault?.point !== point) return;
  if (fault.does === 'kill') process.kill(process.pid, 'SIGKILL');
  else if (fault.does === 'hold') {
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (!existsSync(fault.until)) Atomics.wait(pause, 0, 0, 20);
  } else {
    const { code } = fault;
    throw Object.assign(new Error(`${code}: injected by SSG_FAULT at "${point}"`), { code });
  }
}
