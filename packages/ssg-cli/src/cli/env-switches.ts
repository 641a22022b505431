// The build switches the `ssg` command takes from its environment (tests set them on the process).
import { faultOf } from '../shared/fault.ts';
import type { BuildSwitches } from '../switches.ts';

/** `1`/`0` forces a switch on or off; anything else leaves the default. */
const flag = (value: string | undefined): boolean | undefined =>
  value === '1' ? true : value === '0' ? false : undefined;

/**
 * `SSG_WRITE_THREAD=1|0`, `SSG_RENDER_WORKERS=<n>`, `SSG_BUNDLE_PROCESS=0`, `SSG_FAULT=<point>[:…]`
 * (shared/fault.ts); the command deletes what builds leave behind in the background.
 */
export function switchesFromEnv(env: NodeJS.ProcessEnv): BuildSwitches {
  const workers = env.SSG_RENDER_WORKERS;
  return {
    writeThread: flag(env.SSG_WRITE_THREAD),
    renderWorkers: workers !== undefined && /^\d+$/.test(workers) ? Number(workers) : undefined,
    bundleProcess: env.SSG_BUNDLE_PROCESS !== '0',
    fault: faultOf(env.SSG_FAULT),
    removeInBackground: true,
  };
}
